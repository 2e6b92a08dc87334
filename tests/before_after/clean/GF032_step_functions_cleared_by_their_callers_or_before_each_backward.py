import torch
import torch.nn as nn
import torch.nn.functional as F


def critic_then_generator(gen, disc, gen_opt, disc_opt, real, noise):
    """Each optimizer cleared after its step; the caller clears the critic before each call."""
    fake = gen(noise)
    disc_loss = F.relu(1.0 - disc(real)).mean() + F.relu(1.0 + disc(fake.detach())).mean()
    disc_loss.backward()
    disc_opt.step()
    disc_opt.zero_grad()
    gen_loss = -disc(fake).mean()
    gen_loss.backward()
    gen_opt.step()
    gen_opt.zero_grad()


def cleared_before_each_backward(gen, disc, gen_opt, disc_opt, real, noise):
    fake = gen(noise)
    disc_opt.zero_grad()
    disc_loss = F.relu(1.0 - disc(real)).mean() + F.relu(1.0 + disc(fake.detach())).mean()
    disc_loss.backward()
    disc_opt.step()
    gen_opt.zero_grad()
    gen_loss = -disc(fake).mean()
    gen_loss.backward()
    gen_opt.step()


def train(data, steps=100, noise_dim=16):
    gen = nn.Sequential(nn.Linear(noise_dim, 64), nn.ReLU(), nn.Linear(64, 2))
    disc = nn.Sequential(nn.Linear(2, 64), nn.ReLU(), nn.Linear(64, 1))
    gen_opt = torch.optim.Adam(gen.parameters(), lr=1e-4)
    disc_opt = torch.optim.Adam(disc.parameters(), lr=4e-4)
    for step in range(steps):
        real = data[torch.randint(len(data), (64,))]
        noise = torch.randn(64, noise_dim)
        disc_opt.zero_grad()
        critic_then_generator(gen, disc, gen_opt, disc_opt, real, noise)
        cleared_before_each_backward(gen, disc, gen_opt, disc_opt, real, noise)
    return gen
