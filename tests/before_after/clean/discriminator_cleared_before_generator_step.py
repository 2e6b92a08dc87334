import torch


def generator_updates(gen, disc, noise_batches, opt_g):
    for z in noise_batches:
        g_loss = -disc(gen(z)).mean()
        g_loss.backward()
        # the discriminator got gradients from the generator loss: drop them
        disc.zero_grad()
        opt_g.step()
        opt_g.zero_grad()
