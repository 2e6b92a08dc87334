import torch

model = torch.nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)

for i, (x, y) in enumerate(loader):
    ((model(x) - y).pow(2).mean() / 4).backward()
    if i % 4 == 0 or i == len(loader) - 1:
        optimizer.step()
        optimizer.zero_grad()
