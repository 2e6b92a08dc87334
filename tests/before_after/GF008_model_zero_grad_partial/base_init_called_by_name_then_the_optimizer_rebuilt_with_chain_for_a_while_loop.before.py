import itertools

import torch
from torch import nn


class Fitter:
    def __init__(self, encoder):
        self.encoder = encoder
        self.opt = torch.optim.SGD(encoder.parameters(), lr=0.1)


class WithDecoder(Fitter):
    def __init__(self, encoder, decoder):
        Fitter.__init__(self, encoder)
        self.decoder = decoder
        self.opt = torch.optim.SGD(itertools.chain(self.encoder.parameters(), self.decoder.parameters()), lr=0.1)

    def fit(self, batches, budget=10):
        done = 0
        while done < budget:
            x = batches[done % len(batches)]
            self.encoder.zero_grad()
            nn.functional.mse_loss(self.decoder(self.encoder(x)), x).backward()
            self.opt.step()
            done += 1
