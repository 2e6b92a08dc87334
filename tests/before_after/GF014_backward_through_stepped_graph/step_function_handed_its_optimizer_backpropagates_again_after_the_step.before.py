import torch
from torch import nn

model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 2))
opt = torch.optim.SGD(model.parameters(), lr=0.1)


def train_step(net, optimizer, x, y):
    optimizer.zero_grad()
    out = net(x)
    loss = (out - y).pow(2).mean()
    loss2 = out.abs().mean()
    loss.backward(retain_graph=True)
    optimizer.step()
    loss2.backward()
    return loss.item()


data = [(torch.randn(8, 4), torch.randn(8, 2)) for _ in range(5)]
for x, y in data:
    train_step(model, opt, x, y)
