import torch


def build_optimizer(model, lr):
    return torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)


def build_scheduler(optimizer, cfg):
    if cfg["sched"] == "cosine":
        return torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=cfg["epochs"])
    return torch.optim.lr_scheduler.MultiStepLR(optimizer, milestones=cfg["milestones"])
