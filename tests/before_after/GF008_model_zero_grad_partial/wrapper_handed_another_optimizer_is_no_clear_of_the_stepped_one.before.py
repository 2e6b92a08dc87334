import torch
import torch.nn as nn


class Noam:
    def __init__(self, optimizer, warmup):
        self.optimizer = optimizer
        self.warmup = warmup

    def zero_grad(self):
        self.optimizer.zero_grad()


def train(encoder, head, loader):
    encoder_opt = torch.optim.Adam(encoder.parameters())
    schedule = Noam(encoder_opt, 4000)
    opt = torch.optim.SGD(list(encoder.parameters()) + list(head.parameters()), lr=0.1)
    for x, y in loader:
        schedule.zero_grad()
        loss = nn.functional.cross_entropy(head(encoder(x)), y)
        loss.backward()
        opt.step()
