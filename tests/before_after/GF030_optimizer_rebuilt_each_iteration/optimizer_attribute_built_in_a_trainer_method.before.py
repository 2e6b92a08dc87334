import torch
from torch import nn


class Trainer:
    def __init__(self, model: nn.Module, lr: float = 3e-4) -> None:
        self.model = model
        self.lr = lr
        self.loss_fn = nn.SmoothL1Loss()

    def fit(self, loader, epochs: int) -> None:
        self.model.train()
        for _ in range(epochs):
            for batch in loader:
                self.optimizer = torch.optim.RMSprop(self.model.parameters(), lr=self.lr, alpha=0.95)
                self.optimizer.zero_grad()
                loss = self.loss_fn(self.model(batch["x"]), batch["y"])
                loss.backward()
                self.optimizer.step()
