import torch
from torch import nn


class Trainer:
    def __init__(self, model: nn.Module, lr: float = 1e-3) -> None:
        self.model = model
        self.loss_fn = nn.MSELoss()
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=lr)

    def train_epoch(self, loader) -> float:
        self.model.train()
        running = 0.0
        for inputs, targets in loader:
            self.optimizer.zero_grad(set_to_none=True)
            preds = self.model(inputs)
            loss = self.loss_fn(preds, targets)
            loss.backward()
            self.optimizer.step()
            running += loss.item()
        return running / max(len(loader), 1)
