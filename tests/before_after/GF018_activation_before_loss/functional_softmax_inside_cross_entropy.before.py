import torch
import torch.nn.functional as F

for epoch in range(epochs):
    for x, y in loader:
        optimizer.zero_grad()
        out = model(x)
        loss = F.cross_entropy(F.softmax(out, dim=1), y)
        loss.backward()
        optimizer.step()
