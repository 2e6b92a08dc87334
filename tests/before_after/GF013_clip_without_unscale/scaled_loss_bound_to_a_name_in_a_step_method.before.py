import torch
from torch import nn


class Trainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
        self.scaler = torch.amp.GradScaler("cuda")

    def train_step(self, inputs, targets):
        self.optimizer.zero_grad()
        with torch.autocast("cuda", dtype=torch.float16):
            loss = nn.functional.mse_loss(self.model(inputs), targets)
        scaled_loss = self.scaler.scale(loss)
        scaled_loss.backward()
        nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
        self.scaler.step(self.optimizer)
        self.scaler.update()
        return loss.item()

    def fit(self, loader):
        for inputs, targets in loader:
            self.train_step(inputs, targets)
