import torch
import torch.nn.functional as F
from torch import nn


def fit_targets(net, optimizer, probe, targets):
    # one forward, several targets: every backward walks the same graph again
    outputs = net(probe)
    for target in targets:
        optimizer.zero_grad()
        F.mse_loss(outputs, target).backward(retain_graph=True)
        optimizer.step()


if __name__ == "__main__":
    net = nn.Linear(4, 2)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    fit_targets(net, opt, torch.randn(3, 4), [torch.randn(3, 2) for _ in range(3)])
