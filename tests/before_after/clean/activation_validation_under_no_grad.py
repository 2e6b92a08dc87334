import torch
import torch.nn.functional as F

for epoch in range(epochs):
    for x, y in loader:
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()
    with torch.no_grad():
        val = sum(F.cross_entropy(F.softmax(model(x), 1), y).item() for x, y in val_loader)
