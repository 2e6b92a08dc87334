import torch
from torch import nn

model = nn.Linear(4, 2)
head = nn.Linear(2, 2)
opt = torch.optim.SGD(head.parameters(), lr=0.1)


def train_step(net, optimizer, x, y):
    optimizer.zero_grad()
    out = net(x)
    loss = (head(out) - y).pow(2).mean()
    aux = out.abs().mean()
    loss.backward(retain_graph=True)
    optimizer.step()
    aux.backward()


for x, y in [(torch.randn(8, 4), torch.randn(8, 2)) for _ in range(5)]:
    train_step(model, opt, x, y)
