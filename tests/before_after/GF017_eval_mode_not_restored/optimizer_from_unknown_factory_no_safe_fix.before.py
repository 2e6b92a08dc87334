import torch
from mylib import make_optimizer

model = Net()
model.train()
optimizer = make_optimizer(cfg, model)
for epoch in range(epochs):
    for x, y in loader:
        optimizer.zero_grad()
        torch.nn.functional.cross_entropy(model(x), y).backward()
        optimizer.step()
    model.eval()
    with torch.no_grad():
        val = [model(x) for x, _ in val_loader]
