import torch


def wgan_gp_summed(G, D, loader, z_dim):
    opt_g = torch.optim.Adam(G.parameters(), lr=1e-4)
    opt_d = torch.optim.Adam(D.parameters(), lr=1e-4)
    for real in loader:
        fake = G(torch.randn(real.size(0), z_dim))
        alpha = torch.rand(real.size(0), 1)
        mixed = (alpha * real + (1 - alpha) * fake.detach()).requires_grad_(True)
        grad = torch.autograd.grad(D(mixed).sum(), mixed, create_graph=True)[0]
        gp = ((grad.norm(2, dim=1) - 1) ** 2).mean()
        d_loss = D(fake.detach()).mean() - D(real).mean() + 10 * gp
        g_loss = -D(fake).mean()
        opt_d.zero_grad()
        opt_g.zero_grad()
        (d_loss + g_loss).backward()
        opt_d.step()
        opt_g.step()
