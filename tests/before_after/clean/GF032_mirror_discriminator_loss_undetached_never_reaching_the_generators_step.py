"""GF032's mirror, correct twins: the discriminator's loss runs D on the generator's output
undetached, but its gradient never reaches the generator's step (detached, the generator
the generator cleared before its own backward, or the generator frozen)."""
import torch
import torch.nn.functional as F


def detached_for_the_discriminator(G, D, loader):
    opt_g = torch.optim.Adam(G.parameters(), lr=2e-4)
    opt_d = torch.optim.Adam(D.parameters(), lr=2e-4)
    for real, z in loader:
        fake = G(z)
        d_real = D(real)
        d_fake = D(fake)
        d_fake_detached = D(fake.detach())
        g_loss = F.l1_loss(fake, real) - d_fake.mean()
        d_loss = 0.5 * (F.relu(1 - d_real).mean() + F.relu(1 + d_fake_detached).mean())
        opt_g.zero_grad()
        g_loss.backward()
        opt_d.zero_grad()
        d_loss.backward()
        opt_g.step()
        opt_d.step()


def generator_frozen_for_the_discriminators_backward(G, D, loader):
    opt_g = torch.optim.Adam(G.parameters(), lr=2e-4)
    opt_d = torch.optim.Adam(D.parameters(), lr=2e-4)
    for real, z in loader:
        fake = G(z)
        d_real = D(real)
        d_fake = D(fake)
        g_loss = F.l1_loss(fake, real) - d_fake.mean()
        d_loss = 0.5 * (F.relu(1 - d_real).mean() + F.relu(1 + d_fake).mean())
        opt_g.zero_grad()
        g_loss.backward(retain_graph=True)
        opt_d.zero_grad()
        for p in G.parameters():
            p.requires_grad_(False)
        d_loss.backward()
        for p in G.parameters():
            p.requires_grad_(True)
        opt_g.step()
        opt_d.step()


def discriminator_first_generator_cleared_before_its_own_backward(G, D, loader):
    opt_g = torch.optim.Adam(G.parameters(), lr=2e-4)
    opt_d = torch.optim.Adam(D.parameters(), lr=2e-4)
    for real, z in loader:
        fake = G(z)
        opt_d.zero_grad()
        d_loss = F.relu(1 - D(real)).mean() + F.relu(1 + D(fake)).mean()
        d_loss.backward(retain_graph=True)
        opt_d.step()
        opt_g.zero_grad()
        g_loss = -D(fake).mean()
        g_loss.backward()
        opt_g.step()
