# An input gradient taken with `create_graph=True` (a gradient penalty) is part of the losses:
# two backward calls after it may be split on purpose; not GF003's business.
import torch
import torch.nn.functional as F


def train(critic, opt, loader, lam=10.0):
    for real, fake in loader:
        opt.zero_grad()
        mix = (0.5 * real + 0.5 * fake).requires_grad_(True)
        grad_mix = torch.autograd.grad(critic(mix).sum(), mix, create_graph=True)[0]
        penalty = ((grad_mix.norm(2, dim=1) - 1) ** 2).mean()
        w_dist = critic(fake).mean() - critic(real).mean()
        w_dist.backward(retain_graph=True)
        (lam * penalty).backward()
        opt.step()
