import torch
from torch import nn


class Trainer:
    def __init__(self, net, lr, micro_batches, clip_value=0.5):
        self.net = net
        self.optimizer = torch.optim.AdamW(net.parameters(), lr=lr)
        self.micro_batches = micro_batches
        self.clip_value = clip_value

    def run(self, stream, total):
        seen = 0
        self.optimizer.zero_grad()
        while seen < total:
            x, y = next(stream)
            err = nn.functional.mse_loss(self.net(x), y)
            (err / self.micro_batches).backward()
            if self.clip_value > 0:
                nn.utils.clip_grad_value_(self.net.parameters(), self.clip_value)
            seen += 1
            if seen % self.micro_batches == 0:
                self.optimizer.step()
                self.optimizer.zero_grad()
        if seen % self.micro_batches != 0:
            if self.clip_value > 0:
                nn.utils.clip_grad_value_(self.net.parameters(), self.clip_value)
            self.optimizer.step()
            self.optimizer.zero_grad()
