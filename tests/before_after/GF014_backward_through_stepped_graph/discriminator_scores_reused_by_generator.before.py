"""The discriminator scores the generated batch once; its loss keeps that graph for the
generator's loss, which is backpropagated after the discriminator stepped. The graph
passes through the discriminator's parameters, so the step reaches it."""

import json

import torch
from torch import nn
import torch.nn.functional as F


def train(generator, discriminator, batches, latent_dim):
    g_opt = torch.optim.SGD(generator.parameters(), lr=0.05)
    d_opt = torch.optim.SGD(discriminator.parameters(), lr=0.05)
    history = []
    for real in batches:
        ones = torch.ones(real.size(0), 1)
        zeros = torch.zeros(real.size(0), 1)
        fake = generator(torch.randn(real.size(0), latent_dim))
        d_fake = discriminator(fake)

        d_opt.zero_grad()
        d_loss = F.binary_cross_entropy_with_logits(discriminator(real), ones)
        d_loss = d_loss + F.binary_cross_entropy_with_logits(d_fake, zeros)
        d_loss.backward(retain_graph=True)
        d_opt.step()

        g_opt.zero_grad()
        g_loss = F.binary_cross_entropy_with_logits(d_fake, ones)
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
