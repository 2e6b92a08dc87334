"""A softmax-style GAN: both losses read one partition function over the discriminator's
scores of the real and the generated batch, computed once per iteration. The generator's
loss is backpropagated after `d_opt.step()` through scores whose graph holds the
discriminator's old weights."""

import json

import torch
from torch import nn


def train(generator, discriminator, batches, latent_dim):
    g_opt = torch.optim.Adam(generator.parameters(), lr=1e-3)
    d_opt = torch.optim.Adam(discriminator.parameters(), lr=1e-3)
    history = []
    for real in batches:
        g_opt.zero_grad()
        d_opt.zero_grad()
        n = real.size(0)
        fake = generator(torch.randn(n, latent_dim))
        real_scores = discriminator(real)
        fake_scores = discriminator(fake)
        partition = torch.exp(-real_scores).sum() + torch.exp(-fake_scores).sum()

        d_loss = real_scores.sum() / n + torch.log(partition)
        d_loss.backward(retain_graph=True)
        d_opt.step()

        g_loss = (real_scores.sum() + fake_scores.sum()) / (2 * n) + torch.log(partition)
        g_loss.backward()
        g_opt.step()
        history.append(d_loss.item() + g_loss.item())
    return history


def main():
    torch.manual_seed(0)
    generator = nn.Sequential(nn.Linear(3, 16), nn.Tanh(), nn.Linear(16, 5))
    discriminator = nn.Sequential(nn.Linear(5, 16), nn.Tanh(), nn.Linear(16, 1))
    batches = [torch.randn(8, 5) for _ in range(3)]
    print(json.dumps({"losses": train(generator, discriminator, batches, latent_dim=3)}))


if __name__ == "__main__":
    main()
