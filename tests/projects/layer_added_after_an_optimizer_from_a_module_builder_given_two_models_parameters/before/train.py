import torch

import optim_tools


def main(encoder, decoder, batches):
    opt = optim_tools.create(list(encoder.parameters()) + list(decoder.parameters()), 0.01)
    decoder.add_module("extra", torch.nn.Linear(8, 8))
    i = 0
    while i < len(batches):
        x = batches[i]
        opt.zero_grad()
        torch.nn.functional.mse_loss(decoder(encoder(x)), x).backward()
        opt.step()
        i += 1
