import torch
from torch import nn


class Trainer:
    """A plain trainer (not a LightningModule): its own `clip_gradients` clips with torch."""

    def __init__(self, model, optimizer, max_norm=1.0):
        self.model = model
        self.optimizer = optimizer
        self.scaler = torch.amp.GradScaler("cuda")
        self.max_norm = max_norm

    def clip_gradients(self):
        nn.utils.clip_grad_norm_(self.model.parameters(), self.max_norm)

    def train_epoch(self, loader):
        for x, y in loader:
            self.optimizer.zero_grad(set_to_none=True)
            with torch.autocast("cuda", dtype=torch.float16):
                loss = nn.functional.cross_entropy(self.model(x), y)
            self.scaler.scale(loss).backward()
            self.clip_gradients()
            self.scaler.step(self.optimizer)
            self.scaler.update()
