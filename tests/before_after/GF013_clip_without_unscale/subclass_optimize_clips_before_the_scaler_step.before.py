"""The base trainer scales the loss and calls `self.optimize()`; the one subclass the script
builds overrides `optimize()` to clip before the scaler's step, without unscaling: the clip
sees gradients multiplied by the loss scale."""
import torch
import torch.nn.functional as F
from torch import nn


class AmpTrainer:
    def __init__(self, model):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=0.1)
        self.scaler = torch.amp.GradScaler("cpu", init_scale=2.0**16)

    def optimize(self):
        self.scaler.step(self.opt)
        self.scaler.update()

    def fit(self, batches):
        for x, y in batches:
            self.opt.zero_grad(set_to_none=True)
            loss = F.binary_cross_entropy_with_logits(self.model(x), y)
            self.scaler.scale(loss).backward()
            self.optimize()


class ClippedTrainer(AmpTrainer):
    def optimize(self):
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), 0.5)
        self.scaler.step(self.opt)
        self.scaler.update()


batches = [(torch.randn(8, 4), torch.rand(8, 1)) for _ in range(4)]
ClippedTrainer(nn.Linear(4, 1)).fit(batches)
