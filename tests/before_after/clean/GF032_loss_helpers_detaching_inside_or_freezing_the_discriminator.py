import torch
import torch.nn as nn
import torch.nn.functional as F


def critic_loss_detaching_inside(critic, real, generated):
    """Detaches the generated batch itself: the caller cannot see it; gradfix stays silent."""
    return F.relu(1.0 - critic(real)).mean() + F.relu(1.0 + critic(generated.detach())).mean()


def generator_loss_frozen(critic, generated):
    """Switches the critic's gradients off around the generator's loss."""
    for p in critic.parameters():
        p.requires_grad_(False)
    loss = -critic(generated).mean()
    for p in critic.parameters():
        p.requires_grad_(True)
    return loss


def critic_loss(critic, real, generated):
    return F.relu(1.0 - critic(real)).mean() + F.relu(1.0 + critic(generated)).mean()


def train(loader, z_dim=32):
    generator = nn.Sequential(nn.Linear(z_dim, 128), nn.ReLU(), nn.Linear(128, 64))
    critic = nn.Sequential(nn.Linear(64, 128), nn.LeakyReLU(0.2), nn.Linear(128, 1))
    g_optimizer = torch.optim.Adam(generator.parameters(), lr=1e-4)
    d_optimizer = torch.optim.Adam(critic.parameters(), lr=4e-4)
    for real in loader:
        generated = generator(torch.randn(real.size(0), z_dim))
        d_loss = critic_loss(critic, real, generated.detach())
        d_loss.backward()
        d_optimizer.step()
        d_optimizer.zero_grad()
        g_loss = generator_loss_frozen(critic, generated)
        g_loss.backward()
        g_optimizer.step()
        g_optimizer.zero_grad()


def train_detaching_inside(loader, z_dim=32):
    generator = nn.Sequential(nn.Linear(z_dim, 128), nn.ReLU(), nn.Linear(128, 64))
    critic = nn.Sequential(nn.Linear(64, 128), nn.LeakyReLU(0.2), nn.Linear(128, 1))
    g_optimizer = torch.optim.Adam(generator.parameters(), lr=1e-4)
    d_optimizer = torch.optim.Adam(critic.parameters(), lr=4e-4)
    for real in loader:
        generated = generator(torch.randn(real.size(0), z_dim))
        d_optimizer.zero_grad()
        d_loss = critic_loss_detaching_inside(critic, real, generated)
        d_loss.backward()
        d_optimizer.step()
        g_optimizer.zero_grad()
        g_loss = -critic(generated).mean()
        g_loss.backward()
        g_optimizer.step()
