"""A near miss of the clip object kept on the trainer: here `clip_grad_norm` is a method of
the trainer itself, and it unscales the optimizer's gradients before it clips them."""

import torch
from torch.cuda.amp import GradScaler, autocast
from torch.nn.utils import clip_grad_norm_


class Solver:
    def __init__(self, model, loader, max_norm=0.5):
        self.model = model
        self.loader = loader
        self.max_norm = max_norm
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
        self.scaler = GradScaler()

    def clip_grad_norm(self, parameters):
        self.scaler.unscale_(self.optimizer)
        clip_grad_norm_(parameters, max_norm=self.max_norm)

    def train_epoch(self):
        for batch in self.loader:
            self.optimizer.zero_grad(set_to_none=True)
            with autocast():
                loss = self.model(batch).mean()
            self.scaler.scale(loss).backward()
            self.clip_grad_norm(self.model.parameters())
            self.scaler.step(self.optimizer)
            self.scaler.update()
