import torch


def train(generator, discriminator, loader):
    opt_g = torch.optim.Adam(generator.parameters())
    opt_d = torch.optim.Adam(discriminator.parameters())
    for real in loader:
        opt_d.zero_grad()
        opt_g.zero_grad()
        fake = generator(real)
        d_loss = discriminator(fake.detach()).mean() - discriminator(real).mean()
        d_loss.backward()
        g_loss = -discriminator(fake).mean()
        g_loss.backward()
        opt_d.step()
        opt_g.step()
        torch.nn.utils.clip_grad_norm_(generator.parameters(), 1.0)
