import torch
import torch.nn.functional as F


def one_model(model, loader):
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for x, y in loader:
        opt.zero_grad()
        loss = F.cross_entropy(model(x), y) + 0.1 * F.mse_loss(model(x), torch.zeros_like(model(x)))
        loss.backward()
        opt.step()


def cycle_separate_optimizers(G_ab, G_ba, loader):
    opt_ab = torch.optim.Adam(G_ab.parameters(), lr=2e-4)
    opt_ba = torch.optim.Adam(G_ba.parameters(), lr=2e-4)
    for a, b in loader:
        opt_ab.zero_grad()
        opt_ba.zero_grad()
        cycle = F.l1_loss(G_ba(G_ab(a)), a) + F.l1_loss(G_ab(G_ba(b)), b)
        identity = F.l1_loss(G_ba(a), a) + F.l1_loss(G_ab(b), b)
        (cycle + 0.5 * identity).backward()
        opt_ab.step()
        opt_ba.step()


def vae_gan_one_optimizer(E, Dec, loader):
    opt = torch.optim.Adam(list(E.parameters()) + list(Dec.parameters()), lr=1e-3)
    for x in loader:
        mu, logvar = E(x)
        z = mu + torch.randn_like(mu) * (0.5 * logvar).exp()
        rec = F.mse_loss(Dec(z), x)
        kl = -0.5 * torch.mean(1 + logvar - mu.pow(2) - logvar.exp())
        opt.zero_grad()
        (rec + kl).backward()
        opt.step()


def vae_separate_optimizers(E, Dec, loader):
    opt_e = torch.optim.Adam(E.parameters(), lr=1e-3)
    opt_dec = torch.optim.Adam(Dec.parameters(), lr=1e-3)
    for x in loader:
        mu, logvar = E(x)
        z = mu + torch.randn_like(mu) * (0.5 * logvar).exp()
        kl = -0.5 * torch.mean(1 + logvar - mu.pow(2) - logvar.exp())
        enc_loss = kl + F.mse_loss(Dec(z), x)
        dec_loss = F.mse_loss(Dec(z), x)
        opt_e.zero_grad()
        opt_dec.zero_grad()
        (enc_loss + dec_loss).backward()
        opt_e.step()
        opt_dec.step()


def wgan_gp(G, D, loader, z_dim):
    opt_g = torch.optim.Adam(G.parameters(), lr=1e-4)
    opt_d = torch.optim.Adam(D.parameters(), lr=1e-4)
    for real in loader:
        fake = G(torch.randn(real.size(0), z_dim))
        alpha = torch.rand(real.size(0), 1)
        mixed = (alpha * real + (1 - alpha) * fake.detach()).requires_grad_(True)
        grad = torch.autograd.grad(D(mixed).sum(), mixed, create_graph=True)[0]
        gp = ((grad.norm(2, dim=1) - 1) ** 2).mean()
        d_loss = D(fake.detach()).mean() - D(real).mean() + 10 * gp
        opt_d.zero_grad()
        d_loss.backward()
        opt_d.step()
        g_loss = -D(fake).mean()
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()


def frozen_for_generator(G, D, loader, z_dim):
    opt_g = torch.optim.Adam(G.parameters(), lr=1e-4)
    opt_d = torch.optim.Adam(D.parameters(), lr=1e-4)
    for real in loader:
        fake = G(torch.randn(real.size(0), z_dim))
        d_loss = F.relu(1 - D(real)).mean() + F.relu(1 + D(fake.detach())).mean()
        for p in D.parameters():
            p.requires_grad_(False)
        g_loss = -D(fake).mean()
        for p in D.parameters():
            p.requires_grad_(True)
        opt_g.zero_grad()
        opt_d.zero_grad()
        (d_loss + g_loss).backward()
        opt_g.step()
        opt_d.step()


def d_loss_only_summed(G, D, loader, z_dim):
    opt_g = torch.optim.Adam(G.parameters(), lr=1e-4)
    opt_d = torch.optim.Adam(D.parameters(), lr=1e-4)
    for real in loader:
        fake = G(torch.randn(real.size(0), z_dim))
        opt_d.zero_grad()
        real_loss = F.relu(1 - D(real)).mean()
        fake_loss = F.relu(1 + D(fake.detach())).mean()
        (real_loss + fake_loss).backward()
        opt_d.step()
        opt_g.zero_grad()
        (-D(fake).mean()).backward()
        opt_g.step()


def detached_then_separate_backwards(G, D, loader, z_dim):
    bce = torch.nn.BCEWithLogitsLoss()
    opt_g = torch.optim.Adam(G.parameters(), lr=2e-4)
    opt_d = torch.optim.Adam(D.parameters(), lr=2e-4)
    for real in loader:
        n = real.size(0)
        fake = G(torch.randn(n, z_dim))
        opt_d.zero_grad()
        d_loss = bce(D(real), torch.ones(n, 1)) + bce(D(fake.detach()), torch.zeros(n, 1))
        d_loss.backward()
        opt_d.step()
        opt_g.zero_grad()
        g_loss = bce(D(fake), torch.ones(n, 1))
        g_loss.backward()
        opt_g.step()


def summed_losses_cleared_between(G, D, loader, z_dim):
    opt_g = torch.optim.Adam(G.parameters(), lr=2e-4)
    opt_d = torch.optim.Adam(D.parameters(), lr=2e-4)
    for real in loader:
        fake = G(torch.randn(real.size(0), z_dim))
        opt_d.zero_grad()
        d_loss = F.relu(1 - D(real)).mean() + F.relu(1 + D(fake.detach())).mean()
        d_loss.backward()
        opt_d.step()
        opt_g.zero_grad()
        opt_d.zero_grad()
        (-D(fake).mean() + F.l1_loss(fake, real)).backward()
        opt_g.step()


def vae_gan_encoder_decoder_one_optimizer(E, Dec, Dis, loader):
    opt_vae = torch.optim.Adam(list(E.parameters()) + list(Dec.parameters()), lr=1e-4)
    opt_dis = torch.optim.Adam(Dis.parameters(), lr=1e-4)
    for x in loader:
        mu, logvar = E(x)
        recon = Dec(mu + torch.randn_like(mu) * (0.5 * logvar).exp())
        opt_dis.zero_grad()
        dis_loss = F.softplus(-Dis(x)).mean() + F.softplus(Dis(recon.detach())).mean()
        dis_loss.backward()
        opt_dis.step()
        enc_loss = -0.5 * torch.mean(1 + logvar - mu.pow(2) - logvar.exp()) + F.mse_loss(recon, x)
        dec_loss = F.mse_loss(recon, x) + F.softplus(-Dis(recon)).mean()
        opt_vae.zero_grad()
        opt_dis.zero_grad()
        (enc_loss + dec_loss).backward()
        opt_vae.step()


def features_and_head_one_loss_with_a_regulariser(feat, head, loader, bank, bank_y):
    opt_f = torch.optim.SGD(feat.parameters(), lr=0.1)
    opt_h = torch.optim.SGD(head.parameters(), lr=0.01)
    for x, y in loader:
        logits = head(feat(x))
        p = logits.softmax(-1)
        loss = F.cross_entropy(logits, y) + 0.1 * (-(p * p.log()).sum(-1).mean()) + F.cross_entropy(head(bank), bank_y)
        opt_f.zero_grad()
        opt_h.zero_grad()
        loss.backward()
        opt_f.step()
        opt_h.step()


def features_and_head_stop_gradient_on_a_second_view(feat, head, loader):
    opt_f = torch.optim.SGD(feat.parameters(), lr=0.1)
    opt_h = torch.optim.SGD(head.parameters(), lr=0.01)
    for x, x2, y in loader:
        loss = F.cross_entropy(head(feat(x)), y) + 0.5 * F.cross_entropy(head(feat(x2).detach()), y) + F.cross_entropy(head(x2), y)
        opt_f.zero_grad()
        opt_h.zero_grad()
        loss.backward()
        opt_f.step()
        opt_h.step()


class FrozenDiscriminatorTrainer:
    def __init__(self, netG, netD):
        self.netG = netG
        self.netD = netD
        self.opt_g = torch.optim.Adam(netG.parameters(), lr=2e-4)
        self.opt_d = torch.optim.Adam(netD.parameters(), lr=2e-4)

    def objective(self, real, z):
        fake = self.netG(z)
        self.netD.requires_grad_(False)
        g_loss = F.softplus(-self.netD(fake)).mean()
        self.netD.requires_grad_(True)
        d_loss = F.softplus(-self.netD(real)).mean() + F.softplus(self.netD(fake.detach())).mean()
        return d_loss + g_loss

    def fit(self, loader, z_dim):
        for real in loader:
            self.opt_g.zero_grad()
            self.opt_d.zero_grad()
            self.objective(real, torch.randn(real.size(0), z_dim)).backward()
            self.opt_d.step()
            self.opt_g.step()


def encoder_and_classifier_joint_loss_of_a_helper(E, C, loader):
    opt_e = torch.optim.Adam(E.parameters(), lr=1e-3)
    opt_c = torch.optim.Adam(C.parameters(), lr=1e-3)
    for x, y in loader:
        loss = joint(E, C, x, y)
        opt_e.zero_grad()
        opt_c.zero_grad()
        loss.backward()
        opt_e.step()
        opt_c.step()


def joint(E, C, x, y):
    logits = C(E(x))
    sup = F.cross_entropy(logits, y)
    ent = -(logits.softmax(-1) * logits.log_softmax(-1)).sum(-1).mean()
    return sup + 0.1 * ent
