import torch


def run(generator, discriminator, sample, max_steps):
    optimizers = {
        "g": torch.optim.Adam(generator.parameters(), lr=2e-4),
        "d": torch.optim.Adam(discriminator.parameters(), lr=2e-4),
    }
    step = 0
    while step < max_steps:
        real = sample()
        optimizers["d"].zero_grad(set_to_none=True)
        d_loss = discriminator(real).mean() - discriminator(generator(real).detach()).mean()
        d_loss.backward()
        optimizers["d"].step()

        optimizers["g"].zero_grad(set_to_none=True)
        g_loss = -discriminator(generator(real)).mean()
        g_loss.backward()
        optimizers["g"].step()
        step += 1
