import torch
from torch import nn


def update(net, optimizer, inputs, targets):
    out = net(inputs)
    loss = nn.functional.mse_loss(out, targets)
    loss.backward()
    optimizer.zero_grad()
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
