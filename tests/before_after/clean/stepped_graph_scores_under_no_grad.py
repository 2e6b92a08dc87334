"""The discriminator's scores of the fake batch are taken under `torch.no_grad()` as
per-sample weights before its step; both losses read them, but they carry no graph, and
the generator's loss after the step scores the fake batch with a new forward pass."""

import json

import torch
from torch import nn
import torch.nn.functional as F


def train(generator, discriminator, batches, latent_dim):
    g_opt = torch.optim.Adam(generator.parameters(), lr=1e-3)
    d_opt = torch.optim.Adam(discriminator.parameters(), lr=1e-3)
    history = []
    for real in batches:
        ones = torch.ones(real.size(0), 1)
        fake = generator(torch.randn(real.size(0), latent_dim))
        with torch.no_grad():
            weights = torch.sigmoid(discriminator(fake))

        d_opt.zero_grad()
        scores = discriminator(torch.cat([real, fake]))
        labels = torch.cat([ones, torch.zeros(real.size(0), 1)])
        d_loss = F.binary_cross_entropy_with_logits(scores, labels) * (2 - weights.mean())
        d_loss.backward(retain_graph=True)
        d_opt.step()

        g_opt.zero_grad()
        per_sample = F.binary_cross_entropy_with_logits(discriminator(fake), ones, reduction="none")
        g_loss = (per_sample * weights).mean()
        g_loss.backward()
        g_opt.step()
        history.append([d_loss.item(), g_loss.item()])
    return history


def main():
    torch.manual_seed(0)
    generator = nn.Sequential(nn.Linear(3, 16), nn.Tanh(), nn.Linear(16, 5))
    discriminator = nn.Sequential(nn.Linear(5, 16), nn.Tanh(), nn.Linear(16, 1))
    batches = [torch.randn(8, 5) for _ in range(3)]
    print(json.dumps({"losses": train(generator, discriminator, batches, latent_dim=3)}))


if __name__ == "__main__":
    main()
