"""`SequentialLR` schedules: a trainer's warm-up and cosine parts (and its milestone) count
epochs but the whole steps on every batch; a function's parts count batches (`len(loader)`)
but it steps once per epoch."""
import torch
from torch.optim.lr_scheduler import CosineAnnealingLR, ExponentialLR, LinearLR, SequentialLR


class Trainer:
    def __init__(self, model, epochs, warmup_epochs):
        self.model = model
        self.epochs = epochs
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
        warmup = LinearLR(self.optimizer, start_factor=0.1, total_iters=warmup_epochs)
        decay = CosineAnnealingLR(self.optimizer, T_max=epochs - warmup_epochs)
        self.scheduler = SequentialLR(self.optimizer, [warmup, decay], milestones=[warmup_epochs])

    def fit(self, loader):
        for epoch in range(self.epochs):
            for x, y in loader:
                self.optimizer.zero_grad()
                torch.nn.functional.mse_loss(self.model(x), y).backward()
                self.optimizer.step()
                self.scheduler.step()


def run(model, loader, num_epochs):
    opt = torch.optim.Adam(model.parameters())
    warm = len(loader)
    scheduler = SequentialLR(
        opt,
        schedulers=[LinearLR(opt, start_factor=0.01, total_iters=warm), ExponentialLR(opt, gamma=0.999)],
        milestones=[warm],
    )
    for epoch in range(num_epochs):
        for x, y in loader:
            opt.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            opt.step()
        scheduler.step()
