# Module-level optimizers over two modules' parameters (a nested comprehension, a chain):
# each loop clears both modules, or the optimizer itself, or a module built to hold both (the
# function's own parameter, which gradfix cannot match to the module's names): nothing piles up.
import itertools

import torch
from torch import nn

encoder = nn.Sequential(nn.Linear(16, 8), nn.ReLU())
decoder = nn.Linear(8, 16)
optimizer = torch.optim.Adam([p for m in (encoder, decoder) for p in m.parameters()], lr=1e-3)
chained = torch.optim.SGD(itertools.chain(encoder.parameters(), decoder.parameters()), lr=0.1)


def reconstruct(batches):
    for x in batches:
        encoder.zero_grad()
        decoder.zero_grad()
        loss = nn.functional.mse_loss(decoder(encoder(x)), x)
        loss.backward()
        optimizer.step()


def reconstruct_chained(batches):
    for x in batches:
        chained.zero_grad()
        nn.functional.l1_loss(decoder(encoder(x)), x).backward()
        chained.step()


def reconstruct_whole(autoencoder, batches):
    for x in batches:
        autoencoder.zero_grad()
        nn.functional.mse_loss(autoencoder(x), x).backward()
        optimizer.step()


reconstruct_whole(nn.Sequential(encoder, decoder), [])
