# The builder returns an optimizer over a probe it builds itself, not over the module it is
# given, and a name bound to the model's head is replaced afterwards: nothing the optimizer
# holds is left behind (gradfix does not read the builder as over `model`).
import torch
import torch.nn as nn
import torch.nn.functional as F


def probe_optimizer(backbone, classes):
    probe = nn.Linear(backbone[0].out_features, classes)
    return torch.optim.Adam(probe.parameters(), lr=1e-3), probe


def only_head(model, lr):
    head = model[-1]
    return torch.optim.Adam(head.parameters(), lr=lr)


model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))
opt, probe = probe_optimizer(model, 3)
head_opt = only_head(model, 1e-3)
head = nn.Linear(16, 3)
model[0] = nn.Linear(8, 16)
for epoch in range(3):
    for x, y in loader:
        opt.zero_grad()
        head_opt.zero_grad()
        F.cross_entropy(probe(model[:2](x)), y).backward()
        opt.step()
        head_opt.step()
