import torch
import torch.nn.functional as F

for epoch in range(epochs):
    for x, y in loader:
        optimizer.zero_grad()
        out = model(x)
        loss = F.cross_entropy(out, y)
        loss.backward()
        optimizer.step()
