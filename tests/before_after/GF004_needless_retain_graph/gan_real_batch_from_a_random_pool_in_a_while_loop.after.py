import torch


def train(gen, disc, g_opt, d_opt, steps):
    pool = torch.rand(512, 2)
    n = 0
    while n < steps:
        real = pool[torch.randperm(512)[:32]]
        fake = gen(torch.randn(32, 4))
        g_loss = -disc(fake).mean() + 0.1 * (fake.mean(0) - real.mean(0)).pow(2).sum()
        g_opt.zero_grad()
        g_loss.backward()
        g_opt.step()
        d_loss = torch.relu(1 - disc(real)).mean() + torch.relu(1 + disc(fake.detach())).mean()
        d_opt.zero_grad()
        d_loss.backward()
        d_opt.step()
        n += 1
