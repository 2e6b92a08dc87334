import torch


def train_gan(generator, discriminator, loader, latent_dim):
    opt_g = torch.optim.Adam(generator.parameters(), lr=2e-4)
    opt_d = torch.optim.Adam(discriminator.parameters(), lr=2e-4)
    bce = torch.nn.BCEWithLogitsLoss()
    for real in loader:
        z = torch.randn(real.size(0), latent_dim)
        fake = generator(z)

        opt_d.zero_grad()
        d_out = discriminator(torch.cat([real, fake]))
        d_loss = bce(d_out, torch.cat([torch.ones(real.size(0), 1), torch.zeros(real.size(0), 1)]))
        d_loss.backward(retain_graph=True)
        opt_d.step()

        opt_g.zero_grad()
        g_loss = bce(discriminator(fake), torch.ones(real.size(0), 1))
        g_loss.backward()
        opt_g.step()
