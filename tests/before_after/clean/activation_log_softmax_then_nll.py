import torch
import torch.nn as nn

criterion = nn.NLLLoss()
for x, y in loader:
    optimizer.zero_grad()
    loss = criterion(torch.log_softmax(model(x), dim=-1), y)
    loss.backward()
    optimizer.step()
