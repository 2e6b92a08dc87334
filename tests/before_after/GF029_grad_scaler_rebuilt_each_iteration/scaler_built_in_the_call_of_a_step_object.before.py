import torch
from torch import nn


class AmpStep:
    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer

    def __call__(self, inputs, targets):
        self.scaler = torch.amp.GradScaler("cuda")
        self.optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cuda", dtype=torch.float16):
            loss = nn.functional.cross_entropy(self.model(inputs), targets)
        self.scaler.scale(loss).backward()
        self.scaler.step(self.optimizer)
        self.scaler.update()
        return loss.detach()


class Runner:
    def __init__(self, model, loader):
        self.model = model
        self.loader = loader

    def fit(self, epochs):
        amp_step = AmpStep(self.model, torch.optim.AdamW(self.model.parameters()))
        for _ in range(epochs):
            losses = []
            for inputs, targets in self.loader:
                losses.append(amp_step(inputs, targets))
            print(torch.stack(losses).mean())
