class ClearingScaler:
    """Backpropagates, steps and clears: the engine's loop needs no clear of its own."""

    def __call__(self, loss, optimizer, parameters=None):
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
