import torch
from torch import nn


def train(generator, critic, loader, z_dim=16):
    g_opt = torch.optim.Adam(generator.parameters(), lr=2e-4)
    c_opt = torch.optim.Adam(critic.parameters(), lr=2e-4)
    bce = nn.BCEWithLogitsLoss()
    for real in loader:
        noise = torch.randn(real.size(0), z_dim)
        c_opt.zero_grad()
        fake = generator(noise)
        scores_fake = critic(fake)
        scores_real = critic(real)
        c_loss = bce(scores_real, torch.ones_like(scores_real)) + bce(scores_fake, torch.zeros_like(scores_fake))
        c_loss.backward(retain_graph=True)
        c_opt.step()
        g_opt.zero_grad()
        fake = fake * 0.5 + 0.5  # still the generator's graph from above
        g_loss = bce(critic(fake), torch.ones_like(scores_real))
        g_loss.backward()
        g_opt.step()
