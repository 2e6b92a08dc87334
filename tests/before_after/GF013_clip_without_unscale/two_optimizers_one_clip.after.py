import torch


def train(encoder, decoder, loader):
    enc_opt = torch.optim.Adam(encoder.parameters())
    dec_opt = torch.optim.Adam(decoder.parameters())
    scaler = torch.amp.GradScaler("cuda")
    for x in loader:
        enc_opt.zero_grad()
        dec_opt.zero_grad()
        with torch.autocast("cuda"):
            loss = ((decoder(encoder(x)) - x) ** 2).mean()
        scaler.scale(loss).backward()
        scaler.unscale_(enc_opt)
        scaler.unscale_(dec_opt)
        torch.nn.utils.clip_grad_norm_(list(encoder.parameters()) + list(decoder.parameters()), 1.0)
        scaler.step(enc_opt)
        scaler.step(dec_opt)
        scaler.update()
