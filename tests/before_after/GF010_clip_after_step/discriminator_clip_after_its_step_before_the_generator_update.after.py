import torch


def train_gan(generator, discriminator, loader, z_dim, clip=0.01):
    opt_g = torch.optim.RMSprop(generator.parameters(), lr=5e-5)
    opt_d = torch.optim.RMSprop(discriminator.parameters(), lr=5e-5)
    for real in loader:
        fake = generator(torch.randn(real.size(0), z_dim))
        opt_d.zero_grad()
        loss_d = discriminator(fake.detach()).mean() - discriminator(real).mean()
        loss_d.backward()
        torch.nn.utils.clip_grad_norm_(discriminator.parameters(), clip)  # after the step: clips nothing used
        opt_d.step()
        opt_g.zero_grad()
        loss_g = -discriminator(fake).mean()
        loss_g.backward()
        opt_g.step()
