"""Warm-up schedule classes of the file subclassing `LambdaLR`: the horizon is what the class's
`lr_lambda` method reads through `self` (and a module constant it reads). One counts batches
(`t_total=len(train_loader) * n_epochs`) and is stepped once per epoch; the other counts epochs
(`MAX_EPOCHS`, read in its method) and is stepped on every batch, in a `while` loop."""
import math

import torch
from torch.optim import lr_scheduler

MAX_EPOCHS = 30


class LinearWarmup(lr_scheduler.LambdaLR):
    """Linear warm-up, then linear decay to zero."""

    def __init__(self, optimizer, warmup, t_total, last_epoch=-1):
        self.warmup = warmup
        self.t_total = t_total
        super(LinearWarmup, self).__init__(optimizer, self.lr_lambda, last_epoch=last_epoch)

    def lr_lambda(self, step):
        if step < self.warmup:
            return float(step) / float(max(1, self.warmup))
        return max(0.0, float(self.t_total - step) / float(max(1.0, self.t_total - self.warmup)))


class CosineAfterWarmup(lr_scheduler.LambdaLR):
    def __init__(self, optimizer, warmup_epochs=2):
        self.warmup_epochs = warmup_epochs
        super().__init__(optimizer, lr_lambda=self.factor)

    def factor(self, epoch):
        if epoch < self.warmup_epochs:
            return (epoch + 1) / self.warmup_epochs
        progress = (epoch - self.warmup_epochs) / (MAX_EPOCHS - self.warmup_epochs)
        return 0.5 * (1.0 + math.cos(math.pi * progress))


def train(model, train_loader, n_epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    scheduler = LinearWarmup(optimizer, warmup=100, t_total=len(train_loader) * n_epochs)
    for epoch in range(n_epochs):
        for inputs, targets in train_loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(inputs), targets).backward()
            optimizer.step()
        scheduler.step()


def finetune(net, batches):
    opt = torch.optim.SGD(net.parameters(), lr=0.01)
    sched = CosineAfterWarmup(opt)
    epoch = 0
    while epoch < MAX_EPOCHS:
        for batch, labels in batches:
            opt.zero_grad()
            loss = torch.nn.functional.cross_entropy(net(batch), labels)
            loss.backward()
            opt.step()
            sched.step()
        epoch += 1
