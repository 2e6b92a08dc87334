"""The discriminator trains on the detached fake batch and keeps its graph; the
generator's loss scores the fake batch with a new forward pass, so it walks the
generator's graph and the new scores, none of what the discriminator's loss kept."""

import json

import torch
from torch import nn
import torch.nn.functional as F

LATENT_DIM = 3


def train(generator, discriminator, batches):
    g_opt = torch.optim.Adam(generator.parameters(), lr=1e-3)
    d_opt = torch.optim.Adam(discriminator.parameters(), lr=1e-3)
    history = []
    for real in batches:
        z = torch.randn(real.size(0), LATENT_DIM)
        fake = generator(z)
        d_opt.zero_grad()
        d_loss = F.binary_cross_entropy_with_logits(
            discriminator(real), torch.ones(real.size(0), 1)
        ) + F.binary_cross_entropy_with_logits(discriminator(fake.detach()), torch.zeros(real.size(0), 1))
        d_loss.backward(retain_graph=True)  # kept for nothing
        d_opt.step()

        g_opt.zero_grad()
        g_loss = F.binary_cross_entropy_with_logits(discriminator(fake), torch.ones(real.size(0), 1))
        g_loss.backward()
        g_opt.step()
        history.append([d_loss.item(), g_loss.item()])
    weights = [p.detach().reshape(-1).tolist() for p in [*generator.parameters(), *discriminator.parameters()]]
    return history, weights


def main():
    torch.manual_seed(0)
    generator = nn.Sequential(nn.Linear(LATENT_DIM, 16), nn.Tanh(), nn.Linear(16, 5))
    discriminator = nn.Sequential(nn.Linear(5, 16), nn.Tanh(), nn.Linear(16, 1))
    batches = [torch.randn(8, 5) for _ in range(3)]
    losses, weights = train(generator, discriminator, batches)
    print(json.dumps({"losses": losses, "weights": weights}))


if __name__ == "__main__":
    main()
