# A GAN's discriminator helper clears and steps its own optimizer; the loop clears the
# generator's optimizer itself before its backward: every optimizer is cleared.
import torch
import torch.nn.functional as F


def d_step(disc, opt_d, real, fake):
    opt_d.zero_grad()
    loss = F.softplus(-disc(real)).mean() + F.softplus(disc(fake.detach())).mean()
    loss.backward()
    opt_d.step()


def train(gen, disc, loader, opt_g, opt_d):
    for real in loader:
        fake = gen(torch.randn(real.shape[0], 16))
        d_step(disc, opt_d, real, fake)
        opt_g.zero_grad()
        F.softplus(-disc(fake)).mean().backward()
        opt_g.step()
