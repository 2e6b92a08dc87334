# The head is replaced first and the builder function makes the optimizer afterwards, over
# the model as it now is: every parameter is in the optimizer.
import torch
import torch.nn as nn
import torch.nn.functional as F


def build_optimizer(m, lr=0.1):
    return torch.optim.SGD(m.parameters(), lr=lr)


model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))
model[2] = nn.Linear(16, 3)
opt = build_optimizer(model)
for epoch in range(3):
    for x, y in loader:
        opt.zero_grad()
        F.cross_entropy(model(x), y).backward()
        opt.step()
