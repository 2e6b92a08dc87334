# Wrapping the model or a layer in containers that add no parameters (dropout, an
# activation) keeps the parameters the optimizer holds: nothing new goes untrained.
import torch
from torch import nn

model = nn.Sequential(nn.Linear(12, 24), nn.ReLU(), nn.Linear(24, 3))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
model[2] = nn.Sequential(nn.Dropout(0.2), model[2])
model = nn.Sequential(model, nn.Softmax(dim=-1))
for x, y in batches:
    optimizer.zero_grad()
    nn.functional.nll_loss(model(x).log(), y).backward()
    optimizer.step()
