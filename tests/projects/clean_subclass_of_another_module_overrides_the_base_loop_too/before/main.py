# MyTrainer overrides the base's `train_step` without clearing, and its `fit` too: its own loop
# clears before each call; the base's `fit` (trainer.py) never runs on its objects.
import torch

from trainer import BaseTrainer


class MyTrainer(BaseTrainer):
    def train_step(self, batch):
        x, y = batch
        loss = torch.nn.functional.mse_loss(self.model(x), y)
        loss.backward()
        self.opt.step()
        return loss.item()

    def fit(self, loader, epochs):
        for epoch in range(epochs):
            for batch in loader:
                self.opt.zero_grad()
                self.train_step(batch)


def main(model, loader):
    trainer = MyTrainer(model)
    trainer.fit(loader, 3)
