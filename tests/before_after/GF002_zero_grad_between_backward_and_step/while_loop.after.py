import torch

w = torch.zeros(5, requires_grad=True)
optim = torch.optim.SGD([w], lr=0.1)
iteration = 0

while iteration < 100:
    optim.zero_grad()
    x = torch.randn(16, 5)
    y = x.sum(dim=1)
    loss = ((x @ w - y) ** 2).mean()
    loss.backward()
    optim.step()
    iteration += 1
