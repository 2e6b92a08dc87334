"""The generator's loss keeps its graph to measure, before the generator steps, how hard it
pushes the fake batch; the discriminator's loss after that step reads the fake batch only
through `.detach()`, so it walks none of the kept graph."""

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
        zeros = torch.zeros(real.size(0), 1)
        fake = generator(torch.randn(real.size(0), latent_dim))

        g_opt.zero_grad()
        g_loss = F.binary_cross_entropy_with_logits(discriminator(fake), ones)
        g_loss.backward(retain_graph=True)
        (push,) = torch.autograd.grad(g_loss, fake, retain_graph=True)
        g_opt.step()

        d_opt.zero_grad()
        d_real = F.binary_cross_entropy_with_logits(discriminator(real), ones)
        d_fake = F.binary_cross_entropy_with_logits(discriminator(fake.detach()), zeros)
        d_loss = (d_real + d_fake) / 2
        d_loss.backward()
        d_opt.step()
        history.append([d_loss.item(), g_loss.item(), push.norm().item()])
    return history


def main():
    torch.manual_seed(0)
    generator = nn.Sequential(nn.Linear(3, 16), nn.Tanh(), nn.Linear(16, 5))
    discriminator = nn.Sequential(nn.Linear(5, 16), nn.Tanh(), nn.Linear(16, 1))
    batches = [torch.randn(8, 5) for _ in range(3)]
    print(json.dumps({"losses": train(generator, discriminator, batches, latent_dim=3)}))


if __name__ == "__main__":
    main()
