import torch


def gan_losses(gen, disc, z, real):
    fake = gen(z)
    with torch.no_grad():
        fake_for_d = gen(z)
    loss_g = -disc(fake).mean()
    loss_d = disc(fake_for_d).mean() - disc(real).mean()
    return loss_d, loss_g


def train(netG, netD, loader, epochs):
    optG = torch.optim.RMSprop(netG.parameters(), lr=5e-5)
    optD = torch.optim.RMSprop(netD.parameters(), lr=5e-5)
    for epoch in range(epochs):
        for z, real in loader:
            errD, errG = gan_losses(netG, netD, z, real)
            errD.backward(retain_graph=True)
            optD.step()
            optD.zero_grad()
            errG.backward()
            optG.step()
            optG.zero_grad()
