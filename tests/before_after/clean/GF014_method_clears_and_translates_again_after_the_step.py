"""A trainer's method clears the optimizers and translates the batch again: after the step the
latent loss reads the new translation it keeps on the trainer, a graph through the updated
weights."""

import json

import torch
from torch import nn


class PairTrainer:
    def __init__(self, translator, encoder, beta=0.5):
        self.translator = translator
        self.encoder = encoder
        self.beta = beta
        self.t_opt = torch.optim.Adam(self.translator.parameters(), lr=1e-3)
        self.e_opt = torch.optim.Adam(self.encoder.parameters(), lr=1e-3)

    def refresh(self):
        self.t_opt.zero_grad()
        self.e_opt.zero_grad()
        self.out = self.translator(torch.cat([self.src, self.code], dim=1))

    def fit(self, batches):
        losses = []
        it = iter(batches)
        batch = next(it, None)
        while batch is not None:
            src, dst = batch
            code = torch.randn(src.size(0), 3)
            self.src, self.code = src, code
            self.out = self.translator(torch.cat([src, code], dim=1))
            main_loss = (self.out - dst).pow(2).mean() + self.encoder(dst).pow(2).mean()
            self.t_opt.zero_grad()
            self.e_opt.zero_grad()
            main_loss.backward()
            self.t_opt.step()
            self.e_opt.step()

            self.refresh()
            latent = self.encoder(self.out)
            latent_loss = self.beta * (latent - code).abs().mean()
            latent_loss.backward()
            self.t_opt.step()
            losses.append(main_loss.item() + latent_loss.item())
            batch = next(it, None)
        return losses


def main():
    torch.manual_seed(0)
    translator = nn.Sequential(nn.Linear(7, 16), nn.Tanh(), nn.Linear(16, 4))
    encoder = nn.Sequential(nn.Linear(4, 16), nn.Tanh(), nn.Linear(16, 3))
    batches = [(torch.randn(8, 4), torch.randn(8, 4)) for _ in range(3)]
    print(json.dumps({"losses": PairTrainer(translator, encoder).fit(batches)}))


if __name__ == "__main__":
    main()
