import torch
from torch import nn


class Trainer:
    def __init__(self, encoder, lr=1e-3):
        self.encoder = encoder
        self.lr = lr

    def fit(self, batches, max_steps):
        optimizer = torch.optim.Adam(self.encoder.parameters(), lr=self.lr)
        # the last block is dropped: the blocks left are the ones the optimizer holds
        self.encoder = nn.Sequential(*self.encoder[:-1])
        step = 0
        while step < max_steps:
            x = batches[step % len(batches)]
            optimizer.zero_grad()
            self.encoder(x).pow(2).mean().backward()
            optimizer.step()
            step += 1


def fit(encoder, batches, epochs):
    optimizer = torch.optim.SGD(encoder.parameters(), lr=0.01)
    encoder = nn.Sequential(*list(encoder)[:-1])
    for _ in range(epochs):
        for x in batches:
            optimizer.zero_grad()
            encoder(x).pow(2).mean().backward()
            optimizer.step()
