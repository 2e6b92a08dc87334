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


def fit(model, loader, epochs):
    amp_step = AmpStep(model, torch.optim.AdamW(model.parameters()))
    for _ in range(epochs):
        losses = [amp_step(inputs, targets) for inputs, targets in loader]
        print(torch.stack(losses).mean())
