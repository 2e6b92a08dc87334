import torch
from torch.optim import lr_scheduler


class Lamb(torch.optim.Optimizer):
    def __init__(self, params, lr=1e-3):
        super().__init__(params, dict(lr=lr))
        self.lr = lr

    def step(self, closure=None):
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is not None:
                    p.data.add_(p.grad, alpha=-self.lr)


OPTIMIZER_TABLE = {"sgd": torch.optim.SGD}
OPTIMIZER_TABLE["lamb"] = Lamb
SCHEDULER_TABLE = {"cosine": lr_scheduler.CosineAnnealingLR}
