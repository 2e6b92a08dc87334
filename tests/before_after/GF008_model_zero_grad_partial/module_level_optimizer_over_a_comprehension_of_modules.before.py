# The optimizer is built at the module's top level over every module of a tuple (a nested
# comprehension) or a chain of two modules' parameters; the functions' loops clear only the
# encoder, so the decoder's gradients pile up across steps.
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
        loss = nn.functional.mse_loss(decoder(encoder(x)), x)
        loss.backward()
        optimizer.step()


def reconstruct_chained(batches):
    step = 0
    while step < len(batches):
        x = batches[step]
        encoder.zero_grad(set_to_none=True)
        nn.functional.l1_loss(decoder(encoder(x)), x).backward()
        chained.step()
        step += 1
