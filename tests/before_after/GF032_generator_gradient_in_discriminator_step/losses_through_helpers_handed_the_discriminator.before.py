import torch
import torch.nn as nn
import torch.nn.functional as F


def discriminator_hinge(critic, real, generated):
    return F.relu(1.0 - critic(real)).mean() + F.relu(1.0 + critic(generated)).mean()


def generator_hinge(critic, generated):
    return -critic(generated).mean()


def train(loader, epochs=5, z_dim=32):
    generator = nn.Sequential(nn.Linear(z_dim, 128), nn.ReLU(), nn.Linear(128, 64))
    critic = nn.Sequential(nn.Linear(64, 128), nn.LeakyReLU(0.2), nn.Linear(128, 1))
    g_optimizer = torch.optim.Adam(generator.parameters(), lr=1e-4, betas=(0.0, 0.99))
    d_optimizer = torch.optim.Adam(critic.parameters(), lr=4e-4, betas=(0.0, 0.99))
    for epoch in range(epochs):
        for real in loader:
            generated = generator(torch.randn(real.size(0), z_dim))
            d_loss = discriminator_hinge(critic, real, generated.detach())
            d_loss.backward()
            d_optimizer.step()
            d_optimizer.zero_grad()
            g_loss = generator_hinge(critic, generated)
            g_loss.backward()
            g_optimizer.step()
            g_optimizer.zero_grad()
    return generator
