import torch
import torch.nn.functional as F


def discriminator_first(G, D, loader, z_dim):
    opt_g = torch.optim.Adam(G.parameters(), lr=2e-4)
    opt_d = torch.optim.Adam(D.parameters(), lr=2e-4)
    for real in loader:
        fake = G(torch.randn(real.size(0), z_dim))
        opt_d.zero_grad()
        d_loss = F.softplus(-D(real)).mean() + F.softplus(D(fake.detach())).mean()
        d_loss.backward()
        opt_d.step()
        opt_g.zero_grad()
        g_loss = F.softplus(-D(fake)).mean()
        g_loss.backward()
        opt_g.step()


def both_losses_first_with_the_clear_between(G, D, loader):
    opt_g = torch.optim.Adam(G.parameters(), lr=2e-4)
    opt_d = torch.optim.Adam(D.parameters(), lr=2e-4)
    for masked, target in loader:
        filled = G(masked)
        g_loss = F.l1_loss(filled, target) - D(filled).mean()
        d_loss = F.relu(1 - D(target)).mean() + F.relu(1 + D(filled.detach())).mean()
        opt_g.zero_grad()
        g_loss.backward()
        opt_d.zero_grad()
        d_loss.backward()
        opt_g.step()
        opt_d.step()


def set_requires_grad(nets, flag):
    for net in nets:
        for p in net.parameters():
            p.requires_grad = flag


def frozen_for_the_generator(G, D, loader):
    opt_g = torch.optim.Adam(G.parameters(), lr=2e-4)
    opt_d = torch.optim.Adam(D.parameters(), lr=2e-4)
    for a, b in loader:
        fake_b = G(a)
        set_requires_grad([D], True)
        d_loss = F.mse_loss(D(b), torch.ones(b.size(0), 1)) + F.mse_loss(D(fake_b.detach()), torch.zeros(b.size(0), 1))
        d_loss.backward()
        opt_d.step()
        opt_d.zero_grad()
        set_requires_grad([D], False)
        g_loss = F.mse_loss(D(fake_b), torch.ones(b.size(0), 1)) + F.l1_loss(fake_b, b)
        g_loss.backward()
        opt_g.step()
        opt_g.zero_grad()


def discriminator_module_cleared_before_its_loss(G, D, loader, z_dim):
    opt_g = torch.optim.SGD(G.parameters(), lr=0.01)
    opt_d = torch.optim.SGD(D.parameters(), lr=0.01)
    for real in loader:
        fake = G(torch.randn(real.size(0), z_dim))
        D.zero_grad()
        d_loss = F.softplus(-D(real)).mean() + F.softplus(D(fake.detach())).mean()
        d_loss.backward()
        opt_d.step()
        g_loss = F.softplus(-D(fake)).mean()
        g_loss.backward()
        opt_g.step()
        opt_g.zero_grad()
