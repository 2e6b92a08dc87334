import torch
from transformers import get_linear_schedule_with_warmup


class Trainer:
    def __init__(self, model, loader, epochs):
        self.model = model
        self.loader = loader
        self.epochs = epochs
        self.opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
        t_total = epochs * len(self.loader)
        self.scheduler = get_linear_schedule_with_warmup(self.opt, 0, t_total)

    def train(self):
        for epoch in range(self.epochs):
            for x, y in self.loader:
                self.opt.zero_grad(set_to_none=True)
                torch.nn.functional.mse_loss(self.model(x), y).backward()
                self.opt.step()
                self.scheduler.step()


class Runner:
    def __init__(self, net, batches, rounds):
        self.net = net
        self.batches = batches
        self.rounds = rounds
        self.optim = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
        span = self.rounds
        self.sched = torch.optim.lr_scheduler.CosineAnnealingLR(self.optim, T_max=span)

    def run(self):
        for r in range(self.rounds):
            for inputs, targets in self.batches:
                self.optim.zero_grad(set_to_none=True)
                torch.nn.functional.cross_entropy(self.net(inputs), targets).backward()
                self.optim.step()
            self.sched.step()
