import torch
from torch import nn


class Trainer:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.optimizer = torch.optim.Adam(model.parameters(), lr=cfg["optim"]["lr"])

    def fit(self, loader):
        self.model.train()
        for it, (images, targets) in enumerate(loader):
            loss = nn.functional.cross_entropy(self.model(images), targets)
            (loss / self.cfg["train"]["accumulate"]).backward()
            if (it + 1) % self.cfg["train"]["accumulate"] == 0 or it + 1 == len(loader):
                self.optimizer.step()
                self.optimizer.zero_grad(set_to_none=True)
