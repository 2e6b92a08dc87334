import torch

from utils.schedules import WarmupCosine


def build_optimizer(model, lr):
    return torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)


def build_scheduler(optimizer, cfg):
    # multiplies the current rate: rebuilt, it follows the same rates
    return torch.optim.lr_scheduler.ExponentialLR(optimizer, gamma=cfg["gamma"])


def build_stage_scheduler(optimizer, cfg):
    if cfg["sched"] == "warmup":
        return WarmupCosine(optimizer, cfg["epochs"])
    return torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=cfg["epochs"])


def make_sched(optimizer, cfg, epoch):
    return torch.optim.lr_scheduler.StepLR(optimizer, step_size=cfg["step"], gamma=0.5)
