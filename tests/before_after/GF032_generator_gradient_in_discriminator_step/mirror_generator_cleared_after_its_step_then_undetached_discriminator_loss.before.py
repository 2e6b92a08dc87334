import torch
import torch.nn.functional as F


def train(G, D, loader):
    opt_g = torch.optim.Adam(G.parameters(), lr=2e-4)
    opt_d = torch.optim.Adam(D.parameters(), lr=2e-4)
    for real, z in loader:
        fake = G(z)
        g_loss = -D(fake).mean()
        g_loss.backward(retain_graph=True)
        opt_g.step()
        opt_g.zero_grad()
        opt_d.zero_grad()
        d_loss = F.relu(1 - D(real)).mean() + F.relu(1 + D(fake)).mean()
        d_loss.backward()
        opt_d.step()
