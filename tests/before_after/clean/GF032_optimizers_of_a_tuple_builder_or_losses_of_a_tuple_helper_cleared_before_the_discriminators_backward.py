import torch
import torch.nn.functional as F

encoder = torch.nn.Linear(4, 4)


def make_optimizers_a(gen, disc, lr=2e-4):
    gen_opt = torch.optim.Adam(gen.parameters(), lr=lr)
    disc_opt = torch.optim.Adam(disc.parameters(), lr=lr)
    return gen_opt, disc_opt


def train_a(G, D, batches):
    g_opt, d_opt = make_optimizers_a(G, D)
    for masked, target in batches:
        filled = G(masked)
        g_loss = F.l1_loss(filled, target) - 0.1 * D(filled).mean()
        d_loss = F.relu(1 - D(target)).mean() + F.relu(1 + D(filled.detach())).mean()
        g_opt.zero_grad()
        g_loss.backward()
        d_opt.zero_grad()
        d_loss.backward()
        g_opt.step()
        d_opt.step()


def compute_losses_b(G, D, masked, target):
    filled = G(masked)
    g_loss = F.l1_loss(filled, target) - 0.1 * D(filled).mean()
    d_loss = F.relu(1 - D(target)).mean() + F.relu(1 + D(filled.detach())).mean()
    return g_loss, d_loss


def train_b(G, D, batches):
    g_opt = torch.optim.Adam(G.parameters(), lr=2e-4)
    d_opt = torch.optim.Adam(D.parameters(), lr=2e-4)
    for masked, target in batches:
        g_loss, d_loss = compute_losses_b(G, D, masked, target)
        g_opt.zero_grad()
        g_loss.backward()
        d_opt.zero_grad()
        d_loss.backward()
        g_opt.step()
        d_opt.step()


def gan_losses_c(gen, disc, z, real):
    fake = gen(z)
    loss_g = -disc(fake).mean()
    loss_d = disc(fake).mean() - disc(real).mean()
    return loss_d, loss_g


def train_c(netG, netD, loader, epochs):
    optG = torch.optim.RMSprop(netG.parameters(), lr=5e-5)
    optD = torch.optim.RMSprop(netD.parameters(), lr=5e-5)
    for epoch in range(epochs):
        for z, real in loader:
            errD, errG = gan_losses_c(netG, netD, z, real.detach())
            errD.backward(retain_graph=True)
            optD.step()
            optD.zero_grad()
            errG.backward()
            optG.step()
            optG.zero_grad()


def build_d(generator, discriminator):
    g = torch.optim.SGD([*generator.parameters(), *encoder.parameters()], lr=0.1)
    d = torch.optim.SGD(discriminator.parameters(), lr=0.1)
    return g, d


def train_d(G, D, data):
    optG, optD = build_d(G, D)
    for z, real in data:
        fake = G(encoder(z))
        errD = D(fake.detach()).mean() - D(real).mean()
        optD.zero_grad()
        errD.backward()
        optD.step()
        optD.zero_grad()
        errG = -D(fake).mean()
        optG.zero_grad()
        errG.backward()
        optG.step()
