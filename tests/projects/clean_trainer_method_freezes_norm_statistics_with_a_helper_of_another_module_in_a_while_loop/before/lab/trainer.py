import torch
from torch import nn

from lab.layers import norm_stats_mode


class Trainer:
    def __init__(self, backbone, batches, frozen_stats=True):
        self.backbone = backbone
        self.batches = batches
        self.frozen_stats = frozen_stats
        self.optim = torch.optim.Adam(backbone.parameters(), lr=1e-3)

    def epoch(self, learn):
        if learn:
            self.backbone.train()
            if self.frozen_stats:
                norm_stats_mode(self.backbone, updating=False)
        else:
            self.backbone.eval()
        total = 0.0
        for x, y in self.batches:
            with torch.set_grad_enabled(learn):
                err = nn.functional.mse_loss(self.backbone(x), y)
            if learn:
                self.optim.zero_grad()
                err.backward()
                self.optim.step()
            total += err.item()
        return total

    def fit(self, rounds):
        done = 0
        while done < rounds:
            self.epoch(True)
            self.epoch(False)
            done += 1
