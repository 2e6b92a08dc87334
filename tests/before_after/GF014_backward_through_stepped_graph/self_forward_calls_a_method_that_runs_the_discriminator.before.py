"""A module holds both GAN halves; its own `forward` runs the generator and scores the
result through a method of the class that calls the discriminator. The training method
calls `self(x)`, backpropagates the discriminator's loss with `retain_graph=True`, steps the
discriminator, then backpropagates the generator's loss through the same scores: they
saved the discriminator's weights that the step changed."""

import json

import torch
import torch.nn.functional as F
from torch import nn


class Vocoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.generator = nn.Sequential(nn.Linear(8, 16), nn.Tanh(), nn.Linear(16, 8))
        self.discriminator = nn.Sequential(nn.Linear(4, 16), nn.Tanh(), nn.Linear(16, 1))

    def forward(self, x):
        wave = self.generator(x)
        return wave, self.judge(wave)

    def judge(self, wave):
        return self.discriminator(wave[:, :4])

    def fit(self, batches):
        opt_g = torch.optim.Adam(self.generator.parameters(), lr=1e-3)
        opt_d = torch.optim.Adam(self.discriminator.parameters(), lr=1e-3)
        history = []
        for x, real in batches:
            fake, fake_scores = self(x)
            d_loss = F.softplus(fake_scores).mean() + F.softplus(-self.discriminator(real[:, :4])).mean()
            opt_d.zero_grad()
            d_loss.backward(retain_graph=True)
            opt_d.step()

            g_loss = F.softplus(-fake_scores).mean() + F.l1_loss(fake, real)
            opt_g.zero_grad()
            g_loss.backward()
            opt_g.step()
            history.append(g_loss.item())
        return history


def main():
    torch.manual_seed(0)
    batches = [(torch.randn(6, 8), torch.randn(6, 8)) for _ in range(3)]
    print(json.dumps({"losses": Vocoder().fit(batches)}))


if __name__ == "__main__":
    main()
