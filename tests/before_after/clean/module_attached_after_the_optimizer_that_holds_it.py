import torch
from torch import nn


class UncertaintyWeights(nn.Module):
    def __init__(self, tasks):
        super().__init__()
        self.log_vars = nn.Parameter(torch.zeros(tasks))


net = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))
weigher = UncertaintyWeights(2)
optimizer = torch.optim.Adam(list(net.parameters()) + list(weigher.parameters()), lr=3e-3)
net.weigher = weigher  # registered on the model for zero_grad() and state_dict(); already optimised
for x, y in [(torch.randn(4, 8), torch.randn(4, 2))] * 3:
    net.zero_grad(set_to_none=True)
    losses = ((net(x) - y) ** 2).mean(0)
    (losses * torch.exp(-net.weigher.log_vars) + net.weigher.log_vars).sum().backward()
    optimizer.step()
