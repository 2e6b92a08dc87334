# Probabilities given a small floor go to losses that take probabilities: the log of the
# floored softmax into `nll_loss` (log-probabilities, as it expects), a clamped sigmoid into
# the plain `binary_cross_entropy`, and logits plus a constant into `cross_entropy`.
import torch
import torch.nn as nn
import torch.nn.functional as F

model = nn.Linear(8, 5)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
eps = 1e-7


def train(loader):
    for x, y, tags in loader:
        opt.zero_grad()
        out = model(x)
        loss = F.nll_loss(torch.log(F.softmax(out, dim=1) + eps), y)
        loss = loss + F.nll_loss((out.softmax(1) + 1e-8).log(), y)
        loss = loss + F.binary_cross_entropy(torch.sigmoid(out).clamp(eps, 1 - eps), tags)
        loss = loss + F.cross_entropy(out + 1e-8, y)
        loss.backward()
        opt.step()
