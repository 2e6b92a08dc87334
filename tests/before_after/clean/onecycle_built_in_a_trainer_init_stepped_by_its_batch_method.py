# Correct: a trainer object of the file builds a `OneCycleLR` over every batch of every epoch
# and steps it in `train_step()`, once per batch, as its horizon counts.
import torch
from torch import nn

EPOCHS = 30
BATCHES = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(50)]


class Trainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
        self.scheduler = torch.optim.lr_scheduler.OneCycleLR(self.optimizer, max_lr=0.1, total_steps=EPOCHS * len(BATCHES))

    def train_step(self, x, y):
        self.optimizer.zero_grad(set_to_none=True)
        nn.functional.mse_loss(self.model(x), y).backward()
        self.optimizer.step()
        self.scheduler.step()


def run(model):
    trainer = Trainer(model)
    for epoch in range(EPOCHS):
        for x, y in BATCHES:
            trainer.train_step(x, y)
