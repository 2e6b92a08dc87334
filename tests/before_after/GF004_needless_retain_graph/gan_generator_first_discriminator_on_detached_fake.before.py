"""The generator steps first; the discriminator's loss then reads the fake batch only
through `.detach()` and the real batch, so its backward walks a graph of its own and the
generator's `retain_graph=True` keeps a graph nothing walks again. The label tensors both
losses share carry no graph."""

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
        valid = torch.ones(real.size(0), 1)
        invalid = torch.zeros(real.size(0), 1)
        fake = generator(torch.randn(real.size(0), LATENT_DIM))

        g_opt.zero_grad()
        g_loss = F.binary_cross_entropy_with_logits(discriminator(fake), valid)
        g_loss.backward(retain_graph=True)
        g_opt.step()

        d_opt.zero_grad()
        real_loss = F.binary_cross_entropy_with_logits(discriminator(real), valid)
        fake_loss = F.binary_cross_entropy_with_logits(discriminator(fake.detach()), invalid)
        d_loss = (real_loss + fake_loss) / 2
        d_loss.backward()
        d_opt.step()
        history.append([g_loss.item(), d_loss.item()])
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
