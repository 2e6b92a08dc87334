"""A module holds both GAN halves and its own `forward` runs the generator alone; the
training method calls `self(x)`. The discriminator's loss keeps its graph (it reads the
crop offsets `forward` returned), the discriminator steps, and the generator's loss then
backpropagates through `self(x)`: no weight of that forward changed, so it trains."""

import json

import torch
import torch.nn.functional as F
from torch import nn


def crop(rows, starts):
    return torch.stack([row[start : start + 4] for row, start in zip(rows, starts)])


class Vocoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.generator = nn.Sequential(nn.Linear(8, 16), nn.Tanh(), nn.Linear(16, 8))
        self.discriminator = nn.Sequential(nn.Linear(4, 16), nn.Tanh(), nn.Linear(16, 1))

    def forward(self, x):
        wave = self.generator(x)
        return wave, wave.detach().abs().argmax(dim=1).clamp(max=4)

    def fit(self, batches):
        opt_g = torch.optim.Adam(self.generator.parameters(), lr=1e-3)
        opt_d = torch.optim.Adam(self.discriminator.parameters(), lr=1e-3)
        history = []
        for x, real in batches:
            fake, starts = self(x)
            target = crop(real, starts)
            fake_scores = self.discriminator(crop(fake.detach(), starts))
            d_loss = F.softplus(fake_scores).mean() + F.softplus(-self.discriminator(target)).mean()
            opt_d.zero_grad()
            d_loss.backward(retain_graph=True)
            opt_d.step()

            g_loss = F.softplus(-self.discriminator(crop(fake, starts))).mean() + F.l1_loss(crop(fake, starts), target)
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
