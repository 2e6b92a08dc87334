import torch
from torch import nn


class FineTuner:
    make_optimizer = staticmethod(lambda params: torch.optim.AdamW(params, lr=3e-4))

    def __init__(self, backbone):
        self.backbone = backbone
        self.optimizer = self.make_optimizer(self.backbone.parameters())
        self.optimizer = torch.optim.SGD(self.backbone.parameters(), lr=0.01, momentum=0.9)
        self.schedule = torch.optim.lr_scheduler.CosineAnnealingLR(self.optimizer, T_max=100)

    def fit(self, batches):
        i = 0
        while i < len(batches):
            inputs, targets = batches[i]
            self.optimizer.zero_grad(set_to_none=True)
            nn.functional.cross_entropy(self.backbone(inputs), targets).backward()
            self.optimizer.step()
            self.schedule.step()
            i += 1
