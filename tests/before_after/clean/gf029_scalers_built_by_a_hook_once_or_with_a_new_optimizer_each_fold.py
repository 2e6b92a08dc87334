"""Hooks that build the scaler a step method uses: once (when there is none yet), or together
with a new optimizer at the start of each fold (a new run, whose scaler must start afresh)."""

import torch


class Lazy:
    def __init__(self, net, opt, data):
        self.net, self.opt, self.data = net, opt, data
        self.scaler = None

    def begin_epoch(self):
        if self.scaler is None:
            self.scaler = torch.amp.GradScaler("cuda")

    def train_batch(self, x, y):
        self.opt.zero_grad()
        with torch.autocast("cuda"):
            loss = torch.nn.functional.mse_loss(self.net(x), y)
        self.scaler.scale(loss).backward()
        self.scaler.step(self.opt)
        self.scaler.update()

    def fit(self, epochs):
        for _ in range(epochs):
            self.begin_epoch()
            for x, y in self.data:
                self.train_batch(x, y)


class Folds:
    def __init__(self, make_net, folds):
        self.make_net, self.folds = make_net, folds

    def start_fold(self):
        self.net = self.make_net()
        self.opt = torch.optim.SGD(self.net.parameters(), lr=0.01)
        self.scaler = torch.amp.GradScaler("cuda")

    def train_batch(self, x, y):
        self.opt.zero_grad()
        with torch.autocast("cuda"):
            loss = torch.nn.functional.mse_loss(self.net(x), y)
        self.scaler.scale(loss).backward()
        self.scaler.step(self.opt)
        self.scaler.update()

    def run(self):
        for fold in self.folds:
            self.start_fold()
            for x, y in fold:
                self.train_batch(x, y)
