import torch


class GANTrainer:
    def __init__(self, generator, discriminator):
        self.G = generator
        self.D = discriminator
        self.optimizers = {
            "g": torch.optim.Adam(generator.parameters(), lr=1e-4),
            "d": torch.optim.Adam(discriminator.parameters(), lr=4e-4),
        }

    def train(self, loader, latent_dim=64):
        for real in loader:
            z = torch.randn(real.size(0), latent_dim)

            self.optimizers["d"].zero_grad()
            d_loss = torch.relu(1 - self.D(real)).mean() + torch.relu(1 + self.D(self.G(z).detach())).mean()
            d_loss.backward()
            self.optimizers["d"].step()

            self.optimizers["g"].zero_grad()
            g_loss = -self.D(self.G(z)).mean()
            g_loss.backward()
            self.optimizers["g"].step()
