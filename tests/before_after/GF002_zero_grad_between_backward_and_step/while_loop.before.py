import torch

w = torch.zeros(5, requires_grad=True)
optim = torch.optim.SGD([w], lr=0.1)
iteration = 0

while iteration < 100:
    x = torch.randn(16, 5)
    y = x.sum(dim=1)
    loss = ((x @ w - y) ** 2).mean()
    loss.backward()
    optim.zero_grad()
    optim.step()
    iteration += 1
