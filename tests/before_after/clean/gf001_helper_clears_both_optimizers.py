# The discriminator's helper clears and steps its own optimizer and also clears the
# generator's (handed to it), after which the loop backpropagates and steps the generator:
# both optimizers are cleared every iteration.
import torch
import torch.nn.functional as F


def d_step(disc, opt_d, opt_g, real, fake):
    opt_d.zero_grad()
    loss = F.softplus(-disc(real)).mean() + F.softplus(disc(fake.detach())).mean()
    loss.backward()
    opt_d.step()
    opt_g.zero_grad()


def train(gen, disc, loader, opt_g, opt_d):
    for real in loader:
        fake = gen(torch.randn(real.shape[0], 16))
        d_step(disc, opt_d, opt_g, real, fake)
        F.softplus(-disc(fake)).mean().backward()
        opt_g.step()
