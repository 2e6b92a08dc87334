"""The generator's loss is computed where it is backpropagated (`bce(scores, ones).backward()`)
from scores the discriminator gave before `opt_d.step()` changed its weights, their graph kept
with retain_graph=True."""
import torch
from torch import nn


def train(generator, discriminator, batches, latent=8):
    opt_g = torch.optim.Adam(generator.parameters(), lr=2e-4)
    opt_d = torch.optim.Adam(discriminator.parameters(), lr=2e-4)
    bce = nn.BCEWithLogitsLoss()
    for real in batches:
        scores = discriminator(generator(torch.randn(real.size(0), latent)))
        opt_d.zero_grad()
        d_loss = bce(discriminator(real), torch.ones(real.size(0), 1)) + bce(scores, torch.zeros(real.size(0), 1))
        d_loss.backward(retain_graph=True)
        opt_d.step()
        opt_g.zero_grad()
        bce(scores, torch.ones(real.size(0), 1)).backward()
        opt_g.step()


def main():
    torch.manual_seed(0)
    generator = nn.Sequential(nn.Linear(8, 16), nn.Tanh(), nn.Linear(16, 4))
    discriminator = nn.Sequential(nn.Linear(4, 16), nn.Tanh(), nn.Linear(16, 1))
    train(generator, discriminator, [torch.randn(8, 4) for _ in range(3)])


if __name__ == "__main__":
    main()
