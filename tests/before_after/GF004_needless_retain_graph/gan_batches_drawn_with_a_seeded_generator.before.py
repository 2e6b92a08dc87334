# A conditional GAN whose batches are drawn with a seeded `torch.Generator` (made before the
# loop, read by every iteration): a random source, no tensor, so it carries no graph from one
# iteration to the next. The discriminator's loss reads the fake batch through `.detach()`;
# the generator's backward walks a graph of its own: `retain_graph=True` keeps nothing useful.
import torch
import torch.nn as nn
import torch.nn.functional as F


def train(gen, disc, steps=4):
    g_opt = torch.optim.Adam(gen.parameters(), lr=1e-3)
    d_opt = torch.optim.Adam(disc.parameters(), lr=1e-3)
    rng = torch.Generator().manual_seed(3)
    for step in range(steps):
        labels = torch.randint(0, 3, (8,), generator=rng)
        fake = gen(torch.cat([torch.randn(8, 4, generator=rng), F.one_hot(labels, 3).float()], 1))
        d_opt.zero_grad()
        real = torch.randn(8, 6, generator=rng)
        d_loss = F.softplus(-disc(real)).mean() + F.softplus(disc(fake.detach())).mean()
        d_loss.backward(retain_graph=True)
        d_opt.step()
        g_opt.zero_grad()
        g_loss = F.softplus(-disc(fake)).mean()
        g_loss.backward()
        g_opt.step()


train(nn.Linear(7, 6), nn.Linear(6, 1))
