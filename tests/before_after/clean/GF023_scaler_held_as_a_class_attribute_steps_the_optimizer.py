import torch
import torch.nn.functional as F


class MixedPrecisionLoop:
    grad_scaler = torch.amp.GradScaler("cuda")

    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer

    def fit(self, loader):
        for x, y in loader:
            self.optimizer.zero_grad()
            with torch.autocast("cuda", dtype=torch.float16):
                loss = F.cross_entropy(self.model(x), y)
            self.grad_scaler.scale(loss).backward()
            self.grad_scaler.unscale_(self.optimizer)
            torch.nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
            self.grad_scaler.step(self.optimizer)
            self.grad_scaler.update()


class PlainLoop:
    grad_scaler = None

    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer

    def fit(self, loader):
        for x, y in loader:
            self.optimizer.zero_grad()
            F.cross_entropy(self.model(x), y).backward()
            self.optimizer.step()
