"""The first update guarded by a flag between two steps of one scaled backward, and no update
after the second step: reported, no fix (moving the guarded update is not proven the same)."""

import torch


def train(encoder, decoder, loader, enc_opt, dec_opt, scaler, amp_on):
    for src, tgt in loader:
        enc_opt.zero_grad(set_to_none=True)
        dec_opt.zero_grad(set_to_none=True)
        with torch.autocast("cuda", enabled=amp_on):
            loss = torch.nn.functional.cross_entropy(decoder(encoder(src)), tgt)
        scaler.scale(loss).backward()
        scaler.step(enc_opt)
        if amp_on:
            scaler.update()
        scaler.step(dec_opt)
