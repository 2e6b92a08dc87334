import torch
import torch.nn as nn


def make_parts(width):
    net = nn.Linear(width, 1)
    return net, torch.optim.Adam(net.parameters(), lr=1e-3)


class Loop:
    def train(self, data, epochs):
        net, adam = make_parts(8)
        for epoch in range(epochs):
            if epoch == epochs // 2:
                adam.lr = 1e-4
                for param_group in adam.param_groups:
                    param_group["lr"] = adam.lr
            for xb, yb in data:
                adam.zero_grad()
                nn.functional.l1_loss(net(xb), yb).backward()
                adam.step()
