import torch
import torch.nn as nn
import torch.nn.functional as F


def adversarial_step(gen, disc, gen_opt, disc_opt, real, noise):
    """One batch: the critic, then the generator; each optimizer cleared after its step."""
    fake = gen(noise)
    disc_loss = F.relu(1.0 - disc(real)).mean() + F.relu(1.0 + disc(fake.detach())).mean()
    disc_loss.backward()
    disc_opt.step()
    disc_opt.zero_grad()

    gen_loss = -disc(fake).mean()
    gen_loss.backward()
    gen_opt.step()
    gen_opt.zero_grad()
    return disc_loss.item(), gen_loss.item()


def train(data, steps=1000, noise_dim=16):
    gen = nn.Sequential(nn.Linear(noise_dim, 64), nn.ReLU(), nn.Linear(64, 2))
    disc = nn.Sequential(nn.Linear(2, 64), nn.ReLU(), nn.Linear(64, 1))
    gen_opt = torch.optim.Adam(gen.parameters(), lr=1e-4, betas=(0.0, 0.9))
    disc_opt = torch.optim.Adam(disc.parameters(), lr=4e-4, betas=(0.0, 0.9))
    step = 0
    while step < steps:
        real = data[torch.randint(len(data), (64,))]
        noise = torch.randn(64, noise_dim)
        d, g = adversarial_step(gen, disc, gen_opt, disc_opt, real, noise)
        if step % 100 == 0:
            print(step, d, g)
        step += 1
    return gen
