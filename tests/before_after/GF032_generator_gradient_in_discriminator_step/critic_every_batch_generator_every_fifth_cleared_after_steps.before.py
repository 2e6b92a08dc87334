import torch


def wgan(G, C, data, z_dim, n_critic=5):
    opt_c = torch.optim.RMSprop(C.parameters(), lr=5e-5)
    opt_g = torch.optim.RMSprop(G.parameters(), lr=5e-5)
    for i, real in enumerate(data):
        with torch.no_grad():
            sample = G(torch.randn(real.shape[0], z_dim))
        critic_loss = C(sample).mean() - C(real).mean()
        critic_loss.backward()
        opt_c.step()
        opt_c.zero_grad()
        for p in C.parameters():
            p.data.clamp_(-0.01, 0.01)
        if i % n_critic == 0:
            gen_loss = -C(G(torch.randn(real.shape[0], z_dim))).mean()
            gen_loss.backward()
            opt_g.step()
            opt_g.zero_grad()
