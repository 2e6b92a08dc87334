import torch.nn as nn
import torch.nn.functional as F

criterion = nn.CrossEntropyLoss()
for x, y in loader:
    optimizer.zero_grad()
    out = model(x)
    loss = criterion(out, y)
    loss.backward()
    optimizer.step()
