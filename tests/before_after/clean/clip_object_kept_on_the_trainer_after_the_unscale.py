"""A near miss of the clip object kept on the trainer: the trainer unscales the optimizer's
gradients before it calls the clipping callable it built from its configuration."""

import torch
from torch.cuda.amp import GradScaler, autocast

from .registry import build_from_config


class Solver:
    def __init__(self, model, loader, config):
        self.model = model
        self.loader = loader
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
        self.scaler = GradScaler()
        self.clip_grad_norm = build_from_config(config.get("clip_grad_norm"))

    def train_epoch(self):
        for batch in self.loader:
            self.optimizer.zero_grad(set_to_none=True)
            with autocast():
                loss = self.model(batch).mean()
            self.scaler.scale(loss).backward()
            if self.clip_grad_norm is not None:
                self.scaler.unscale_(self.optimizer)
                self.clip_grad_norm(self.model.parameters())
            self.scaler.step(self.optimizer)
            self.scaler.update()
