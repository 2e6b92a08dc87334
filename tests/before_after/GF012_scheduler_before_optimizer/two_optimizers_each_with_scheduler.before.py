import torch
from torch.optim.lr_scheduler import StepLR


def train(generator, discriminator, loader):
    opt_g = torch.optim.Adam(generator.parameters())
    opt_d = torch.optim.Adam(discriminator.parameters())
    sched_g = StepLR(opt_g, step_size=1000)
    sched_d = StepLR(opt_d, step_size=1000)
    for real in loader:
        opt_d.zero_grad()
        d_loss = discriminator(generator(real).detach()).mean() - discriminator(real).mean()
        d_loss.backward()
        opt_d.step()
        sched_d.step()

        sched_g.step()
        opt_g.zero_grad()
        g_loss = -discriminator(generator(real)).mean()
        g_loss.backward()
        opt_g.step()
