import torch
import torch.nn.functional as F


def make_optimizers(gen, disc, lr=2e-4):
    gen_opt = torch.optim.Adam(gen.parameters(), lr=lr)
    disc_opt = torch.optim.Adam(disc.parameters(), lr=lr)
    return gen_opt, disc_opt


def train(G, D, batches):
    g_opt, d_opt = make_optimizers(G, D)
    for masked, target in batches:
        filled = G(masked)
        g_loss = F.l1_loss(filled, target) - 0.1 * D(filled).mean()
        d_loss = F.relu(1 - D(target)).mean() + F.relu(1 + D(filled.detach())).mean()
        g_opt.zero_grad()
        d_opt.zero_grad()
        g_loss.backward()
        d_loss.backward()
        g_opt.step()
        d_opt.step()
