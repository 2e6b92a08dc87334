import torch


def train_gan(gen, disc, loader, noise_dim):
    opt_gen = torch.optim.RMSprop(gen.parameters(), lr=5e-5)
    opt_disc = torch.optim.RMSprop(disc.parameters(), lr=5e-5)
    for real in loader:
        fake = gen(torch.randn(real.size(0), noise_dim))
        opt_disc.zero_grad()
        loss_disc = disc(fake.detach()).mean() - disc(real).mean()
        loss_disc.backward()
        opt_disc.step()
        opt_gen.zero_grad()
        torch.nn.utils.clip_grad_norm_(disc.parameters(), 0.01)
        loss_gen = -disc(fake).mean()
        loss_gen.backward()
        opt_gen.step()
