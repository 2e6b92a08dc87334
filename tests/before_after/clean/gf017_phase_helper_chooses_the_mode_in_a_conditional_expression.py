import torch
from torch import nn

class Regressor(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(3, 6), nn.BatchNorm1d(6), nn.Linear(6, 1))
        self.noise = 0.0

    def resample_noise(self):
        self.noise = float(torch.rand(()))

    def forward(self, x):
        return self.layers(x + self.noise)


net = Regressor()
sgd = torch.optim.SGD(net.parameters(), lr=0.01)
xs, ys = torch.randn(24, 3), torch.randn(24, 1)


def one_pass(split):
    net.train() if split == "train" else net.eval()
    total = 0.0
    for k in range(0, 24, 6):
        inputs = xs[k : k + 6]
        if k % 12 == 0:
            net.resample_noise()
        err = nn.functional.mse_loss(net(inputs), ys[k : k + 6])
        if split == "train":
            sgd.zero_grad(set_to_none=True)
            err.backward()
            sgd.step()
        total += err.item()
    return total


for epoch in range(3):
    one_pass("valid")
    one_pass("train")
