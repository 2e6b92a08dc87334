import torch
from torch.optim.lr_scheduler import CosineAnnealingLR


def train(model, loader, epochs, steps_per_epoch):
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    # the horizon counts the batches of every epoch, but the schedule starts over each epoch
    sched = CosineAnnealingLR(opt, T_max=steps_per_epoch * epochs)
    for epoch in range(epochs):
        for x, y in loader:
            opt.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            opt.step()
            sched.step()


class Trainer:
    def __init__(self, model, args):
        self.model = model
        self.args = args
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)

    def fit(self, loader):
        self.scheduler = torch.optim.lr_scheduler.OneCycleLR(
            self.optimizer, max_lr=0.1, total_steps=self.args.epochs * self.args.batches_per_epoch
        )
        for epoch in range(self.args.epochs):
            for x, y in loader:
                self.optimizer.zero_grad()
                torch.nn.functional.cross_entropy(self.model(x), y).backward()
                self.optimizer.step()
                self.scheduler.step()
