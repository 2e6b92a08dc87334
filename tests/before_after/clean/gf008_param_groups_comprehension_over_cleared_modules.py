# Optimizers over one parameter group per module of a literal tuple (a comprehension of
# dicts): one loop clears every module listed, the other a `nn.Sequential` built to hold them
# both: every parameter stepped is cleared, and GF008 stays silent.
import torch
from torch import nn

encoder = nn.Linear(8, 4)
decoder = nn.Linear(4, 8)
model = nn.Sequential(encoder, decoder)
optimizer = torch.optim.Adam([{"params": m.parameters()} for m in (encoder, decoder)], lr=1e-3)


def each_module(batches):
    for x in batches:
        encoder.zero_grad()
        decoder.zero_grad()
        nn.functional.mse_loss(decoder(encoder(x)), x).backward()
        optimizer.step()


def whole_model(batches):
    for x in batches:
        model.zero_grad()
        nn.functional.mse_loss(model(x), x).backward()
        optimizer.step()
