"""A WGAN round whose generator loss scores the fake batch of the critic loop's last step, a
batch the critic's loss read without `.detach()`: the generator's backward walks that graph
again, so the critic's `retain_graph=True` is needed."""

import json

import torch
from torch import nn


def train_round(gen, critic, gen_opt, critic_opt, n_critic=3):
    losses = []
    for _ in range(n_critic):
        real = torch.randn(16, 6) + 2.0
        fake = gen(torch.randn(16, 4))
        critic_loss = critic(fake).mean() - critic(real).mean()
        critic_opt.zero_grad()
        critic_loss.backward(retain_graph=True)
        critic_opt.step()
        losses.append(critic_loss.item())
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
