"""The window test is `(accumulate and (i + 1) % every == 0) or not accumulate`: with the flag
off the loop steps and clears on every batch, so nothing accumulates and dividing the loss by
`every` would shrink every step. The `or` part is not a last-batch test."""
import torch


def train(net, batches, accumulate, every=4):
    optimizer = torch.optim.SGD(net.parameters(), lr=0.05)
    for i, (inputs, targets) in enumerate(batches):
        loss = torch.nn.functional.mse_loss(net(inputs), targets)
        loss.backward()
        if (accumulate and (i + 1) % every == 0) or not accumulate:
            optimizer.step()
            optimizer.zero_grad()
