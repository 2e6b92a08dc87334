import torch
from torch import nn

model = nn.Linear(4, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)


def train_step(net, optimizer, x, y):
    optimizer.zero_grad()
    out = net(x)
    loss = (out - y).pow(2).mean()
    loss.backward()
    optimizer.step()
    optimizer.zero_grad()
    out = net(x)
    aux = out.abs().mean()
    aux.backward()
    optimizer.step()


for x, y in [(torch.randn(8, 4), torch.randn(8, 2)) for _ in range(5)]:
    train_step(model, opt, x, y)
