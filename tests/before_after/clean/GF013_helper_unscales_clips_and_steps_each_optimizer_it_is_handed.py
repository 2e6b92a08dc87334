import torch


def finish_step(grad_scaler, opt, params, max_norm=1.0):
    grad_scaler.unscale_(opt)
    torch.nn.utils.clip_grad_norm_(params, max_norm)
    grad_scaler.step(opt)


def train(encoder, decoder, loader, epochs):
    opt_enc = torch.optim.AdamW(encoder.parameters(), lr=1e-3)
    opt_dec = torch.optim.AdamW(decoder.parameters(), lr=1e-3)
    grad_scaler = torch.amp.GradScaler("cpu")
    for _ in range(epochs):
        for x, y in loader:
            opt_enc.zero_grad()
            opt_dec.zero_grad()
            loss = torch.nn.functional.mse_loss(decoder(encoder(x)), y)
            grad_scaler.scale(loss).backward()
            finish_step(grad_scaler, opt_enc, encoder.parameters())
            finish_step(grad_scaler, opt_dec, decoder.parameters())
            grad_scaler.update()


class PairTrainer:
    def __init__(self, encoder, decoder):
        self.encoder, self.decoder = encoder, decoder
        self.opt_e = torch.optim.Adam(encoder.parameters())
        self.opt_d = torch.optim.Adam(decoder.parameters())
        self.scaler = torch.amp.GradScaler("cpu")

    def _apply(self, opt, params):
        self.scaler.unscale_(opt)
        torch.nn.utils.clip_grad_norm_(params, 0.5)
        self.scaler.step(opt)

    def fit(self, loader):
        i = 0
        while i < len(loader):
            x, y = loader[i]
            self.opt_e.zero_grad()
            self.opt_d.zero_grad()
            loss = torch.nn.functional.mse_loss(self.decoder(self.encoder(x)), y)
            self.scaler.scale(loss).backward()
            self._apply(self.opt_e, self.encoder.parameters())
            self._apply(self.opt_d, self.decoder.parameters())
            self.scaler.update()
            i += 1
