import torch
from torch.distributed.optim import ZeroRedundancyOptimizer


def fit(net, data, epochs):
    zero = ZeroRedundancyOptimizer(net.parameters(), optimizer_class=torch.optim.Adam, lr=1e-3)
    for epoch in range(epochs):
        for group in zero.param_groups:
            group["lr"] = 1e-3 * 0.5**epoch
        for x, y in data:
            zero.zero_grad()
            torch.nn.functional.mse_loss(net(x), y).backward()
            zero.step()
