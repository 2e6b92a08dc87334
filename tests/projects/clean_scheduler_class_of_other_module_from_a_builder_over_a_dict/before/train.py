# The warm-up comes from a builder of sched.py that picks a class of that module from a dict
# (`build_scheduler("warmup", opt)` returns `SCHEDULERS[name](opt)`): the class sets the rate of
# the coming update, so it is stepped before the optimizer on purpose. Correct.
import torch
import torch.nn.functional as F
from sched import build_scheduler


def fit(model, loader, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.0)
    rate = build_scheduler("warmup", opt)
    for epoch in range(epochs):
        for x, y in loader:
            opt.zero_grad()
            loss = F.cross_entropy(model(x), y)
            loss.backward()
            rate.step()
            opt.step()
