"""A warm-up schedule object wraps the optimizer; the loop clears through the wrapper
(whose `zero_grad()` forwards to the optimizer) and steps the optimizer itself."""
import torch
from torch.optim import AdamW

from .schedule import WarmupSchedule


class Trainer:
    def __init__(self, net, loader, lr=1e-3):
        self.net = net
        self.loader = loader
        self.opt = AdamW(self.net.parameters(), lr=lr)
        self.warmup = WarmupSchedule(self.opt, lr, warmup_epochs=5)

    def run_epoch(self):
        self.net.train()
        for batch, target in self.loader:
            self.warmup.zero_grad()
            loss = torch.nn.functional.mse_loss(self.net(batch), target)
            loss.backward()
            self.opt.step()
        self.warmup.step_and_update_lr()
