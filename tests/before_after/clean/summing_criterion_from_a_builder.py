# The criterion comes from a builder of the file that asks for a summed loss: the window's
# gradient is the sum over its micro-batches on purpose, nothing to divide.
import torch
from torch import nn


def build_criterion(cfg):
    if cfg.get("label_smoothing"):
        return nn.CrossEntropyLoss(reduction="sum", label_smoothing=cfg["label_smoothing"])
    return nn.CrossEntropyLoss(reduction="sum")


def train(model, loader, cfg, accum_steps=4):
    criterion = build_criterion(cfg)
    optimizer = torch.optim.SGD(model.parameters(), lr=1e-3)
    for epoch in range(cfg["epochs"]):
        for i, (x, y) in enumerate(loader):
            loss = criterion(model(x), y)
            loss.backward()
            if (i + 1) % accum_steps == 0 or (i + 1) == len(loader):
                optimizer.step()
                optimizer.zero_grad()
