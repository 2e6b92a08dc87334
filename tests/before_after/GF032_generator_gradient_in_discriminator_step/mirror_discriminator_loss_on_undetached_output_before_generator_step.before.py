import torch
import torch.nn.functional as F


def train(G, D, loader):
    opt_g = torch.optim.Adam(G.parameters(), lr=2e-4)
    opt_d = torch.optim.Adam(D.parameters(), lr=2e-4)
    for real, z in loader:
        fake = G(z)
        d_real = D(real)
        d_fake = D(fake)
        g_loss = F.l1_loss(fake, real) - d_fake.mean()
        d_loss = 0.5 * (F.relu(1 - d_real).mean() + F.relu(1 + d_fake).mean())
        opt_g.zero_grad()
        g_loss.backward(retain_graph=True)
        opt_d.zero_grad()
        d_loss.backward()
        opt_g.step()
        opt_d.step()
