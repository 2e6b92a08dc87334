import torch
from torch import nn


class Finetuner:
    def __init__(self, net, accum, update_weights=True):
        self.net = net
        self.accum = accum
        self.update_weights = update_weights
        self.opt = torch.optim.AdamW(net.parameters(), lr=3e-5)

    def epoch(self, loader):
        self.opt.zero_grad()
        step = 0  # the flush after the loop reads it, also when the loop runs no batch
        for step, (x, y) in enumerate(loader, 1):
            loss = nn.functional.mse_loss(self.net(x), y)
            (loss / self.accum).backward()
            if step % self.accum == 0 and self.update_weights:
                nn.utils.clip_grad_norm_(self.net.parameters(), 1.0)
                self.opt.step()
                self.opt.zero_grad()

        # the last micro-batches did not fill a whole window: step on them too
        if self.update_weights and step % self.accum != 0:
            nn.utils.clip_grad_norm_(self.net.parameters(), 1.0)
            self.opt.step()
            self.opt.zero_grad()
