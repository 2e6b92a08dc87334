# The discriminator's helper clears and steps its own optimizer under a test
# (`if train_disc:`); the generator's optimizer, stepped by the loop, is never cleared:
# reported, but the helper's step is conditional, so no place after it is taken (no fix).
import torch


class GAN:
    def __init__(self, gen, disc, train_disc):
        self.gen, self.disc, self.train_disc = gen, disc, train_disc
        self.opt_g = torch.optim.Adam(gen.parameters())
        self.opt_d = torch.optim.Adam(disc.parameters())

    def d_step(self, real, fake):
        if self.train_disc:
            self.opt_d.zero_grad()
            (self.disc(fake.detach()) - self.disc(real)).mean().backward()
            self.opt_d.step()

    def fit(self, loader):
        for real in loader:
            fake = self.gen(torch.randn(real.shape[0], 8))
            self.d_step(real, fake)
            (-self.disc(fake)).mean().backward()
            self.opt_g.step()
