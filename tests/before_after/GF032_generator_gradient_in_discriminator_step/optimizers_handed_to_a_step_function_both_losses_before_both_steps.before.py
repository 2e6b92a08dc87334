import torch
import torch.nn.functional as F


def adversarial_step(gen, disc, gen_opt, disc_opt, masked, target):
    filled = gen(masked)
    g_loss = F.l1_loss(filled, target) + F.softplus(-disc(filled)).mean()
    d_loss = F.softplus(-disc(target)).mean() + F.softplus(disc(filled.detach())).mean()
    gen_opt.zero_grad()
    disc_opt.zero_grad()
    g_loss.backward()
    d_loss.backward()
    gen_opt.step()
    disc_opt.step()
    return g_loss.item(), d_loss.item()


def train(gen, disc, loader, epochs):
    gen_opt = torch.optim.Adam(gen.parameters(), lr=2e-4)
    disc_opt = torch.optim.Adam(disc.parameters(), lr=2e-4)
    for _ in range(epochs):
        for masked, target in loader:
            adversarial_step(gen, disc, gen_opt, disc_opt, masked, target)
