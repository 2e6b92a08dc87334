"""Both halves of a batch go through the model first; the first half's loss is
backpropagated and stepped, then the second half's. The second forward saved the weights
the first step changed."""

import json

import torch
from torch import nn
import torch.nn.functional as F


def train(net, batches):
    opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    history = []
    for inputs, targets in batches:
        half = inputs.size(0) // 2
        first = net(inputs[:half])
        second = net(inputs[half:])
        for out, goal in ((first, targets[:half]), (second, targets[half:])):
            history.append(out.sum().item() + goal.sum().item())
        opt.zero_grad()
        F.mse_loss(first, targets[:half]).backward()
        opt.step()
        opt.zero_grad()
        loss_b = F.mse_loss(second, targets[half:])
        loss_b.backward()
        opt.step()
    return history


def main():
    torch.manual_seed(0)
    net = nn.Sequential(nn.Linear(5, 16), nn.ReLU(), nn.Linear(16, 1))
    batches = [(torch.randn(8, 5), torch.randn(8, 1)) for _ in range(3)]
    print(json.dumps({"losses": train(net, batches)}))


if __name__ == "__main__":
    main()
