import torch
import torch.nn.functional as F


class MixedPrecisionLoop:
    grad_scaler = torch.amp.GradScaler("cuda")

    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer

    def fit(self, loader):
        step = 0
        while step < len(loader):
            x, y = loader[step]
            self.optimizer.zero_grad()
            with torch.autocast("cuda", dtype=torch.float16):
                loss = F.cross_entropy(self.model(x), y)
            self.grad_scaler.scale(loss).backward()
            self.optimizer.step()
            self.grad_scaler.update()
            step += 1
