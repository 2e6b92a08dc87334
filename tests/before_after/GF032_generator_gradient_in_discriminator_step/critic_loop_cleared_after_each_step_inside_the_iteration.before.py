import torch
from torch import nn


def train_wgan(generator, critic, data, iterations=1000, n_critic=5, clip=0.01):
    opt_gen = torch.optim.RMSprop(generator.parameters(), lr=5e-5)
    opt_critic = torch.optim.RMSprop(critic.parameters(), lr=5e-5)
    it = 0
    while it < iterations:
        # the critic: several updates per generator update
        for _ in range(n_critic):
            real = data[torch.randint(0, len(data), (64,))]
            noise = torch.randn(64, 16)
            fake = generator(noise).detach()
            critic_loss = critic(fake).mean() - critic(real).mean()
            critic_loss.backward()
            opt_critic.step()
            opt_critic.zero_grad()
            for p in critic.parameters():
                p.data.clamp_(-clip, clip)

        # the generator: its loss runs through the critic too
        opt_gen.zero_grad()
        gen_loss = -critic(generator(torch.randn(64, 16))).mean()
        gen_loss.backward()
        opt_gen.step()
        it += 1
    return generator
