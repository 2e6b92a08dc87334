import torch
import torch.nn.functional as F


def encoder_and_classifier(encoder, decoder, classifier, loader):
    opt_ae = torch.optim.Adam(list(encoder.parameters()) + list(decoder.parameters()), lr=1e-3)
    opt_cls = torch.optim.Adam(classifier.parameters(), lr=1e-3)
    for x, y in loader:
        opt_ae.zero_grad()
        opt_cls.zero_grad()
        rec_loss = F.mse_loss(decoder(encoder(x)), x)
        cls_loss = F.cross_entropy(classifier(encoder(x)), y)
        rec_loss.backward()
        cls_loss.backward()
        opt_ae.step()
        opt_cls.step()


def one_loss_for_both(G, D, loader):
    opt_g = torch.optim.Adam(G.parameters(), lr=1e-3)
    opt_d = torch.optim.Adam(D.parameters(), lr=1e-3)
    for x, y in loader:
        opt_g.zero_grad()
        opt_d.zero_grad()
        loss = F.mse_loss(D(G(x)), y)
        loss.backward()
        opt_g.step()
        opt_d.step()


def handed_in_optimizers(G, D, opt_g, opt_d, loader):
    for masked, target in loader:
        filled = G(masked)
        g_loss = F.l1_loss(filled, target) - D(filled).mean()
        d_loss = F.relu(1 - D(target)).mean() + F.relu(1 + D(filled.detach())).mean()
        opt_g.zero_grad()
        opt_d.zero_grad()
        g_loss.backward()
        d_loss.backward()
        opt_g.step()
        opt_d.step()


def critic_loop_clears_each_time(G, C, loader, z_dim, n_critic=3):
    opt_g = torch.optim.RMSprop(G.parameters(), lr=5e-5)
    opt_c = torch.optim.RMSprop(C.parameters(), lr=5e-5)
    for real in loader:
        for _ in range(n_critic):
            opt_c.zero_grad()
            with torch.no_grad():
                fake = G(torch.randn(real.size(0), z_dim))
            c_loss = C(fake).mean() - C(real).mean()
            c_loss.backward()
            opt_c.step()
        g_loss = -C(G(torch.randn(real.size(0), z_dim))).mean()
        g_loss.backward()
        opt_g.step()
        opt_g.zero_grad()


class UndetachedDiscriminatorLoss:
    """The discriminator's first loss reaches the generator too, but both optimizers are
    cleared before the generator's own backward: nothing of the generator's loss reaches a
    discriminator step."""

    def __init__(self, G, D):
        self.G = G
        self.D = D
        self.g_opt = torch.optim.Adam(G.parameters(), lr=1e-4)
        self.d_opt = torch.optim.Adam(D.parameters(), lr=1e-4)

    def reset_grad(self):
        self.d_opt.zero_grad()
        self.g_opt.zero_grad()

    def train(self, loader, z_dim):
        for real in loader:
            fake = self.G(torch.randn(real.size(0), z_dim))
            d_loss = F.relu(1 - self.D(real)).mean() + F.relu(1 + self.D(fake)).mean()
            self.reset_grad()
            d_loss.backward()
            self.d_opt.step()
            penalty = self.D(fake.data).pow(2).mean()
            self.reset_grad()
            penalty.backward()
            self.d_opt.step()
            g_loss = -self.D(self.G(torch.randn(real.size(0), z_dim))).mean()
            self.reset_grad()
            g_loss.backward()
            self.g_opt.step()
