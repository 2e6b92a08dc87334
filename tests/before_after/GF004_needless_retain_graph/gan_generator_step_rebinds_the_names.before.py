import torch
from torch import nn

Z_DIM = 16


def train(generator, critic, loader, epochs=2):
    g_opt = torch.optim.Adam(generator.parameters(), lr=2e-4, betas=(0.5, 0.999))
    c_opt = torch.optim.Adam(critic.parameters(), lr=2e-4, betas=(0.5, 0.999))
    bce = nn.BCEWithLogitsLoss()
    for epoch in range(epochs):
        for real in loader:
            noise = torch.randn(real.size(0), Z_DIM)
            # critic step
            c_opt.zero_grad()
            fake = generator(noise)
            scores_real = critic(real)
            scores_fake = critic(fake)
            c_loss = bce(scores_real, torch.ones_like(scores_real)) + bce(scores_fake, torch.zeros_like(scores_fake))
            c_loss.backward(retain_graph=True)
            c_opt.step()
            # generator step: a fresh forward pass, under the same names
            g_opt.zero_grad()
            fake = generator(noise)
            scores_fake = critic(fake)
            g_loss = bce(scores_fake, torch.ones_like(scores_fake))
            g_loss.backward()
            g_opt.step()
