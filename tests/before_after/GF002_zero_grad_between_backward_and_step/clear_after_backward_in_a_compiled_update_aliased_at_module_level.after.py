import torch
from torch import nn


def update(net, optimizer, inputs, targets):
    optimizer.zero_grad()
    out = net(inputs)
    loss = nn.functional.mse_loss(out, targets)
    loss.backward()
    optimizer.step()
    return loss.detach()


fast_update = torch.compile(update, mode="reduce-overhead")


def run(net, batches, rounds):
    optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)
    done = 0
    while done < rounds:
        for inputs, targets in batches:
            fast_update(net, optimizer, inputs, targets)
        done += 1
