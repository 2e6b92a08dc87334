"""A GAN whose models are named `G` and `D`, as GAN code often names them: `D(fake)` is a forward
pass of the discriminator (not a class being built), kept with retain_graph=True and
backpropagated by the generator's loss after `opt_D.step()` changed D's weights."""
import torch
from torch import nn


def train(G, D, batches, latent=16):
    opt_G = torch.optim.Adam(G.parameters(), lr=2e-4)
    opt_D = torch.optim.Adam(D.parameters(), lr=2e-4)
    bce = nn.BCEWithLogitsLoss()
    for real in batches:
        fake = G(torch.randn(real.size(0), latent))
        scores = D(fake)
        opt_D.zero_grad()
        d_loss = bce(D(real), torch.ones(real.size(0), 1)) + bce(scores, torch.zeros(real.size(0), 1))
        d_loss.backward(retain_graph=True)
        opt_D.step()
        opt_G.zero_grad()
        g_loss = bce(scores, torch.ones(real.size(0), 1))
        g_loss.backward()
        opt_G.step()


def main():
    torch.manual_seed(0)
    G = nn.Sequential(nn.Linear(16, 16), nn.Tanh(), nn.Linear(16, 4))
    D = nn.Sequential(nn.Linear(4, 16), nn.Tanh(), nn.Linear(16, 1))
    train(G, D, [torch.randn(8, 4) for _ in range(3)])


if __name__ == "__main__":
    main()
