import torch


def train(net, loader, optimiser, epochs=3):
    for epoch in range(epochs):
        for inputs, labels in loader:

            def backprop(t, *args, **kwargs):
                """Backpropagate `t`."""
                return t.backward(*args, **kwargs)

            optimiser.zero_grad(set_to_none=True)
            logits = net(inputs)
            cost = torch.nn.functional.cross_entropy(logits, labels)
            backprop(cost)
            optimiser.step()
