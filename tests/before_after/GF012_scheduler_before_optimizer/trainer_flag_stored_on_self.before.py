import torch
from torch import nn


class Trainer:
    def __init__(self, args, model):
        self.args = args
        self.model = model
        self.optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
        if args.enable_lr_schedule:
            self.lr_scheduler = torch.optim.lr_scheduler.StepLR(self.optimizer, step_size=args.decay_step, gamma=0.1)

    def train_one_epoch(self, loader):
        if self.args.enable_lr_schedule:
            self.lr_scheduler.step()
        for x, y in loader:
            self.optimizer.zero_grad()
            nn.functional.mse_loss(self.model(x), y).backward()
            self.optimizer.step()

    def fit(self, loader):
        for epoch in range(self.args.epochs):
            self.train_one_epoch(loader)
