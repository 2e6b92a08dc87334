import torch


def build_optimizer(cfg, model):
    if cfg.get("optimizer") == "adam":
        return torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    return torch.optim.SGD(model.parameters(), lr=cfg["lr"], momentum=0.9)
