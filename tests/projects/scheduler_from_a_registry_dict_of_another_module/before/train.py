# A scheduler schedule picked from sched.py's registry by a constant key, its horizon counted in
# batches, stepped once per epoch (GF020); the step schedule beside it counts epochs and is
# stepped per epoch (correct).
import torch
import torch.nn.functional as F
from sched import SCHEDULERS


def fit(model, loader, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    scheduler = SCHEDULERS["cos"](opt, T_max=epochs * len(loader))
    for epoch in range(epochs):
        for x, y in loader:
            opt.zero_grad()
            F.cross_entropy(model(x), y).backward()
            opt.step()
        scheduler.step()


def fit_steps(model, loader, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    lr_sched = SCHEDULERS["step"](opt, step_size=epochs // 3)
    for epoch in range(epochs):
        for x, y in loader:
            opt.zero_grad()
            F.cross_entropy(model(x), y).backward()
            opt.step()
        lr_sched.step()
