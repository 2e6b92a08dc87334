import torch
from torch import nn


def step_on(encoder, decoder, enc_opt, dec_opt, batch, accum):
    enc_opt.zero_grad(set_to_none=True)
    dec_opt.zero_grad(set_to_none=True)
    for micro in range(accum):
        src, tgt = batch[micro]
        loss = nn.functional.mse_loss(decoder(encoder(src)), tgt) / accum
        loss.backward()
    enc_opt.step()
    dec_opt.step()


def train(encoder, decoder, loader, accum=4):
    enc_opt = torch.optim.AdamW(encoder.parameters(), lr=1e-3)
    dec_opt = torch.optim.AdamW(decoder.parameters(), lr=1e-3)
    for batch in loader:
        step_on(encoder, decoder, enc_opt, dec_opt, batch, accum)
