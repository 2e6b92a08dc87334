import torch
from torch import nn

X = torch.randn(64, 2)
Y = torch.randn(64, 1)

# the first model carries its optimizer as an attribute
net = nn.Linear(2, 1)
net.optimizer = torch.optim.SGD(net.parameters(), lr=0.01)
for i in range(0, 64, 16):
    loss = ((net(X[i : i + 16]) - Y[i : i + 16]) ** 2).mean()
    loss.backward()
    net.optimizer.step()
    net.optimizer.zero_grad()


class Regressor(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(2, 8), nn.ReLU(), nn.Linear(8, 1))

    def forward(self, x):
        return self.body(x)

    @property
    def optimizer(self):
        return torch.optim.SGD(self.parameters(), lr=0.01)


# the second model brings its own: `net.optimizer` now names an optimizer over its parameters
net = Regressor()


def train_step(net, x, y):
    loss = ((net(x) - y) ** 2).mean()
    loss.backward()
    net.optimizer.step()
    net.optimizer.zero_grad()
    return loss.item()


for epoch in range(3):
    for i in range(0, 64, 16):
        train_step(net, X[i : i + 16], Y[i : i + 16])
