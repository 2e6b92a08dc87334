import torch
import torch.nn as nn


class Learner:
    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer
        self.schedule = None

    def learn(self, batch):
        self.schedule = torch.optim.lr_scheduler.LinearLR(self.optimizer, start_factor=0.1, total_iters=8)
        inputs, targets = batch
        self.optimizer.zero_grad()
        nn.functional.l1_loss(self.model(inputs), targets).backward()
        self.optimizer.step()
        self.schedule.step()


def main():
    model = nn.Linear(4, 2)
    learner = Learner(model, torch.optim.AdamW(model.parameters(), lr=1e-3))
    seen = 0
    while seen < 16:
        learner.learn((torch.randn(3, 4), torch.randn(3, 2)))
        seen += 1


main()
