# A GAN's two schedulers kept in a list bound to their constructions, stepped by a list
# comprehension at the top of each epoch: both run one epoch ahead of their optimizers (the
# comprehension moves after the epoch's batch loop, as `for s in schedulers: s.step()` would).
import torch
from torch import nn

gen = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 8))
disc = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1))
g_optim = torch.optim.Adam(gen.parameters(), lr=2e-4)
d_optim = torch.optim.Adam(disc.parameters(), lr=2e-4)
lr_schedulers = [
    torch.optim.lr_scheduler.StepLR(g_optim, step_size=30),
    torch.optim.lr_scheduler.StepLR(d_optim, step_size=30),
]
real_batches = [torch.randn(4, 8) for _ in range(5)]


def train(num_epochs):
    for epoch in range(num_epochs):
        for real in real_batches:
            noise = torch.randn(4, 8)
            d_optim.zero_grad()
            d_loss = disc(gen(noise).detach()).mean() - disc(real).mean()
            d_loss.backward()
            d_optim.step()
            g_optim.zero_grad()
            g_loss = -disc(gen(noise)).mean()
            g_loss.backward()
            g_optim.step()
        [sched.step() for sched in lr_schedulers]  # decay
        print(epoch, d_loss.item(), g_loss.item())


train(3)
