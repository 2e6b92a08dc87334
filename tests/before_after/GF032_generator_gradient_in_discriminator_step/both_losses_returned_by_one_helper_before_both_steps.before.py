import torch
import torch.nn.functional as F


def compute_losses(G, D, masked, target):
    filled = G(masked)
    g_loss = F.l1_loss(filled, target) - 0.1 * D(filled).mean()
    d_loss = F.relu(1 - D(target)).mean() + F.relu(1 + D(filled.detach())).mean()
    return g_loss, d_loss


def train(G, D, batches):
    g_opt = torch.optim.Adam(G.parameters(), lr=2e-4)
    d_opt = torch.optim.Adam(D.parameters(), lr=2e-4)
    for masked, target in batches:
        g_loss, d_loss = compute_losses(G, D, masked, target)
        g_opt.zero_grad()
        d_opt.zero_grad()
        g_loss.backward()
        d_loss.backward()
        g_opt.step()
        d_opt.step()
