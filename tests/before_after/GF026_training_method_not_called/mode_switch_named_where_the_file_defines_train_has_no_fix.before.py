import torch
from torch import nn


class FrozenNormNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(3, 8), nn.BatchNorm1d(8), nn.Linear(8, 1))

    def train(self, mode=True):
        super().train(mode)
        self.body[1].eval()  # batch-norm statistics stay frozen
        return self


net = FrozenNormNet()
opt = torch.optim.SGD(net.parameters(), lr=0.1)
for epoch in range(2):
    net.train
    for x, y in [(torch.randn(4, 3), torch.randn(4, 1))] * 3:
        opt.zero_grad()
        nn.functional.mse_loss(net(x), y).backward()
        opt.step()
