import torch
from torch import nn


class Committee:
    def __init__(self, size):
        self.size = size

    def train(self, batches, steps):
        nets = [nn.Linear(5, 1) for _ in range(self.size)]
        opts = [torch.optim.AdamW(n.parameters(), lr=3e-4, weight_decay=0.05) for n in nets]
        step = 0
        while step < steps:
            for n, o in zip(nets, opts):
                if step == steps // 2:
                    setattr(o, "weight_decay", 0.0)
                x, y = batches[step % len(batches)]
                o.zero_grad()
                nn.functional.mse_loss(n(x), y).backward()
                o.step()
            step += 1
        return nets
