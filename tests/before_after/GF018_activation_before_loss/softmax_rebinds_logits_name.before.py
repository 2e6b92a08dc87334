import torch.nn as nn
import torch.nn.functional as F

criterion = nn.CrossEntropyLoss()
for x, y in loader:
    optimizer.zero_grad()
    out = model(x)
    out = F.softmax(out, dim=1)
    loss = criterion(out, y)
    loss.backward()
    optimizer.step()
