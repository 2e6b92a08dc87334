import torch
from torch.nn import functional as F


def pretrain(encoder, decoder, stream, max_updates):
    encoder.requires_grad_(False)
    updates = 0
    while updates < max_updates:
        images = next(stream)
        optim = torch.optim.Adam([w for w in decoder.parameters() if w.requires_grad], lr=5e-4)
        optim.zero_grad()
        F.mse_loss(decoder(encoder(images)), images).backward()
        optim.step()
        updates += 1
