"""A WGAN round written as a function that draws its own real batch: `n_critic` critic steps on
`fake.detach()`, then a generator step on a fake batch made again after the loop. Nothing walks
the critic's graph again, so `retain_graph=True` only keeps it alive."""

import json

import torch
from torch import nn

REAL_MEAN = 2.0


def train_round(gen, critic, gen_opt, critic_opt, n_critic=3):
    losses = []
    for _ in range(n_critic):
        real = torch.randn(16, 6) + REAL_MEAN
        fake = gen(torch.randn(16, 4))
        critic_loss = critic(fake.detach()).mean() - critic(real).mean()
        critic_opt.zero_grad()
        critic_loss.backward()
        critic_opt.step()
        losses.append(critic_loss.item())
    fake = gen(torch.randn(16, 4))
    gen_loss = -critic(fake).mean()
    gen_opt.zero_grad()
    gen_loss.backward()
    gen_opt.step()
    losses.append(gen_loss.item())
    return losses


def main():
    torch.manual_seed(0)
    gen = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 6))
    critic = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 1))
    gen_opt = torch.optim.Adam(gen.parameters(), lr=1e-4, betas=(0.0, 0.9))
    critic_opt = torch.optim.Adam(critic.parameters(), lr=1e-4, betas=(0.0, 0.9))
    print(json.dumps({"losses": [train_round(gen, critic, gen_opt, critic_opt) for _ in range(3)]}))


if __name__ == "__main__":
    main()
