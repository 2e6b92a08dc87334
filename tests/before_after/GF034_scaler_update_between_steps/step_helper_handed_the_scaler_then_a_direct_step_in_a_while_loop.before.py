"""An encoder-decoder trained in a `while` loop over a batch iterator: a module function handed the
scaler steps the encoder's optimizer and updates, then the decoder's optimizer is stepped directly
on the gradients of the same scaled backward."""

import torch
import torch.nn.functional as F


def step_and_update(amp, optimizer):
    amp.step(optimizer)
    amp.update()


def fit(encoder, decoder, enc_opt, dec_opt, loader, epochs):
    grad_scaler = torch.amp.GradScaler("cuda")
    for _ in range(epochs):
        batches = iter(loader)
        while (batch := next(batches, None)) is not None:
            x, y = batch
            enc_opt.zero_grad(set_to_none=True)
            dec_opt.zero_grad(set_to_none=True)
            with torch.autocast("cuda"):
                loss = F.mse_loss(decoder(encoder(x)), y)
            grad_scaler.scale(loss).backward()
            step_and_update(grad_scaler, enc_opt)
            grad_scaler.step(dec_opt)
            grad_scaler.update()
