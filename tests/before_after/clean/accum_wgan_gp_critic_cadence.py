import torch


def train(generator, discriminator, dataloader, latent_dim, n_critic, epochs):
    optimizer_G = torch.optim.Adam(generator.parameters(), lr=2e-4)
    optimizer_D = torch.optim.Adam(discriminator.parameters(), lr=2e-4)
    for epoch in range(epochs):
        for i, real in enumerate(dataloader):
            optimizer_D.zero_grad()
            z = torch.randn(real.size(0), latent_dim)
            fake = generator(z)
            d_loss = -discriminator(real).mean() + discriminator(fake.detach()).mean()
            d_loss.backward()
            optimizer_D.step()

            optimizer_G.zero_grad()
            # the generator trains once per n_critic critic steps
            if i % n_critic == 0:
                g_loss = -discriminator(generator(z)).mean()
                g_loss.backward()
                optimizer_G.step()
