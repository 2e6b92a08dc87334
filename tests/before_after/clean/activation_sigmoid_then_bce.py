import torch
import torch.nn as nn

criterion = nn.BCELoss()
for x, y in loader:
    optimizer.zero_grad()
    loss = criterion(torch.sigmoid(model(x)), y)
    loss.backward()
    optimizer.step()
