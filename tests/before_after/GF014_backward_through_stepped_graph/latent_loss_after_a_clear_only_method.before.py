"""A trainer clears every optimizer through a method of its own. After the translator and the
encoder step, the latent loss runs the encoder on the translated batch made before the step:
its graph goes back through the translator's old weights (a scale read from `self` too)."""

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

    def reset_grad(self):
        """Clear both optimizers."""
        self.t_opt.zero_grad()
        self.e_opt.zero_grad()

    def fit(self, batches):
        losses = []
        it = iter(batches)
        batch = next(it, None)
        while batch is not None:
            src, dst = batch
            code = torch.randn(src.size(0), 3)
            out = self.translator(torch.cat([src, code], dim=1))
            main_loss = (out - dst).pow(2).mean() + self.encoder(dst).pow(2).mean()
            self.reset_grad()
            main_loss.backward(retain_graph=True)
            self.t_opt.step()
            self.e_opt.step()

            latent = self.encoder(out)
            latent_loss = self.beta * (latent - code).abs().mean()
            self.reset_grad()
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
