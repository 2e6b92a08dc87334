import torch
from torch import nn
from torch.nn.utils import clip_grad_norm_

model = nn.Linear(16, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
criterion = nn.MSELoss()

for step, (x, y) in enumerate(loader):
    optimizer.zero_grad()
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
    # keep the update bounded
    clip_grad_norm_(model.parameters(), 1.0)
