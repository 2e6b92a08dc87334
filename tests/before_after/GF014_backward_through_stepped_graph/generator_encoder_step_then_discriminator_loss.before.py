"""A clustering GAN: generator and encoder share one optimizer over a chain of their
parameters and step on some iterations; the discriminator's loss then reads the
discriminator's output on the generated batch, whose graph runs back through the
generator's forward pass from before that step."""

import itertools
import json

import torch
from torch import nn


def train(generator, encoder, discriminator, batches, latent_dim, every):
    joint = itertools.chain(generator.parameters(), encoder.parameters())
    ge_opt = torch.optim.Adam(joint, lr=1e-3)
    d_opt = torch.optim.Adam(discriminator.parameters(), lr=1e-3)
    mse = nn.MSELoss()
    history = []
    for i, real in enumerate(batches):
        ge_opt.zero_grad()
        z = torch.randn(real.size(0), latent_dim)
        fake = generator(z)
        d_fake = discriminator(fake)
        d_real = discriminator(real)
        if i % every == 0:
            ge_loss = d_fake.mean() + mse(encoder(fake), z)
            ge_loss.backward(retain_graph=True)
            ge_opt.step()

        d_opt.zero_grad()
        d_loss = d_real.mean() - d_fake.mean()
        d_loss.backward()
        d_opt.step()
        history.append(d_loss.item())
    return history


def main():
    torch.manual_seed(0)
    generator = nn.Sequential(nn.Linear(3, 16), nn.Tanh(), nn.Linear(16, 5))
    encoder = nn.Sequential(nn.Linear(5, 16), nn.Tanh(), nn.Linear(16, 3))
    discriminator = nn.Sequential(nn.Linear(5, 16), nn.Tanh(), nn.Linear(16, 1))
    batches = [torch.randn(8, 5) for _ in range(3)]
    print(json.dumps({"losses": train(generator, encoder, discriminator, batches, latent_dim=3, every=1)}))


if __name__ == "__main__":
    main()
