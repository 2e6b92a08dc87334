# The builder returns an optimizer over the trainable parameters only (a `requires_grad`
# filter, bound to a name first); the frozen backbone is unfrozen after it was built: its
# parameters now get gradients that no step applies.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.optim import SGD


def optimizer_for(module, lr=0.05):
    trainable = [p for p in module.parameters() if p.requires_grad]
    return SGD(trainable, lr=lr, momentum=0.9)


net = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 2))
for p in net[0].parameters():
    p.requires_grad = False
sgd = optimizer_for(net)
net[0].requires_grad_(True)
for epoch in range(4):
    for xb, yb in batches:
        sgd.zero_grad()
        F.cross_entropy(net(xb), yb).backward()
        sgd.step()
