import torch
from torch import nn


class TwoGroupOptimizer(torch.optim.Optimizer):
    """Matrices and vectors stepped by two inner optimizers under one name."""

    def __init__(self, params, lr):
        params = list(params)
        matrices = [p for p in params if p.ndim >= 2]
        vectors = [p for p in params if p.ndim < 2]
        self.optimizers = [torch.optim.SGD(matrices, lr=lr, momentum=0.9), torch.optim.AdamW(vectors, lr=lr)]
        self.param_groups = [group for opt in self.optimizers for group in opt.param_groups]
        self.defaults = self.optimizers[0].defaults
        self.state = {}

    def step(self, closure=None):
        for opt in self.optimizers:
            opt.step()

    def zero_grad(self, set_to_none=True):
        for opt in self.optimizers:
            opt.zero_grad(set_to_none=set_to_none)


def train(model, loader, steps, clip=1.0):
    optimizer = TwoGroupOptimizer(model.parameters(), lr=1e-3)
    scaler = torch.amp.GradScaler("cuda")
    for step, (x, y) in zip(range(steps), loader):
        with torch.autocast("cuda", dtype=torch.float16):
            loss = nn.functional.cross_entropy(model(x), y)
        scaler.scale(loss).backward()
        scaler.unscale_(optimizer.optimizers[0])
        scaler.unscale_(optimizer.optimizers[1])
        nn.utils.clip_grad_norm_(model.parameters(), clip)
        scaler.step(optimizer)
        scaler.update()
        optimizer.zero_grad(set_to_none=True)
