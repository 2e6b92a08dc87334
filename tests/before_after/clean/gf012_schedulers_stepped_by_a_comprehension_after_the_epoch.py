# The same GAN with the comprehension of scheduler steps after the epoch's batch loop, and a
# comprehension over schedulers handed in (not bound to constructions here): both left alone.
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


def train_with(schedules, num_epochs):
    for epoch in range(num_epochs):
        [s.step() for s in schedules if s is not None]  # warm-ups of the caller's own
        for real in real_batches:
            noise = torch.randn(4, 8)
            d_optim.zero_grad()
            (disc(gen(noise).detach()).mean() - disc(real).mean()).backward()
            d_optim.step()
            g_optim.zero_grad()
            (-disc(gen(noise)).mean()).backward()
            g_optim.step()


train(3)
