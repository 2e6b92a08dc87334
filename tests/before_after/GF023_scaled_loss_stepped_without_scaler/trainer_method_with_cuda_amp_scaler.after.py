# A trainer's per-batch method: the scaler built in `__init__` (torch.cuda.amp, imported by
# name) scales the loss, but the method steps `self.opt` itself.
import torch
from torch.cuda.amp import GradScaler, autocast


class Trainer:
    def __init__(self, net, lr):
        self.net = net
        self.opt = torch.optim.AdamW(net.parameters(), lr=lr)
        self.grad_scaler = GradScaler()

    def train_step(self, batch):
        inputs, targets = batch
        self.opt.zero_grad()
        with autocast():
            loss = torch.nn.functional.mse_loss(self.net(inputs), targets)
        self.grad_scaler.scale(loss).backward()
        torch.nn.utils.clip_grad_norm_(self.net.parameters(), 1.0)
        self.grad_scaler.step(self.opt)
        self.grad_scaler.update()
        return loss.item()

    def fit(self, loader):
        for batch in loader:
            self.train_step(batch)
