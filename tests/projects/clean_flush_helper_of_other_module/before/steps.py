def finish_epoch(optimizer):
    """Steps on the micro-batches of the last, partial window."""
    optimizer.step()
    optimizer.zero_grad()
