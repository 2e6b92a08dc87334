import torch
from torch import nn


class TrainStep:
    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer
        self.scheduler = None

    def __call__(self, x, y):
        self.optimizer.zero_grad(set_to_none=True)
        loss = nn.functional.mse_loss(self.model(x), y)
        loss.backward()
        self.optimizer.step()
        self.scheduler = torch.optim.lr_scheduler.StepLR(self.optimizer, step_size=10, gamma=0.5)
        self.scheduler.step()
        return loss.item()


def main():
    model = nn.Linear(4, 1)
    step = TrainStep(model, torch.optim.SGD(model.parameters(), lr=0.1))
    batches = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(20)]
    it = iter(batches)
    while (batch := next(it, None)) is not None:
        step(*batch)
