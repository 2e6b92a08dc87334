import torch
from torch.optim import lr_scheduler

from mylib.optim import Lion

OPTIMIZERS = {"sgd": torch.optim.SGD, "lion": Lion}
STEPPERS = {"step": lr_scheduler.StepLR, "cosine": lr_scheduler.CosineAnnealingLR}
DECAYS = {"cosine": lr_scheduler.CosineAnnealingLR}
DECAYS["custom"] = lambda opt, n: lr_scheduler.LambdaLR(opt, lambda e: 0.9**e)


def tune(model, loader, cfg):
    # a class of another library may read its `lr` attribute
    optimizer = OPTIMIZERS[cfg["opt"]](model.parameters(), lr=cfg["lr"])
    for epoch in range(cfg["epochs"]):
        if epoch == cfg["decay_at"]:
            optimizer.lr = cfg["lr"] * 0.1
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()


def decay(model, loader, cfg):
    # `opt` of another function, built by a call gradfix does not know
    opt = cfg["make_optimizer"](model.parameters())
    for epoch in range(cfg["epochs"]):
        opt.lr = cfg["lr"] / (epoch + 1)
        for x, y in loader:
            opt.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            opt.step()


def train(model, loader, cfg):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(cfg["epochs"]):
        # StepLR rebuilt with a step size of one multiplies the current rate: no restart
        stepper = STEPPERS[cfg["stepper"]](opt, 1)
        # a table written to after it is built: what it holds is not read
        decayed = DECAYS[cfg["decay"]](opt, cfg["horizon"])
        for x, y in loader:
            opt.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            opt.step()
        stepper.step()
        decayed.step()
