import torch
from accelerate import Accelerator


def main(G, D, loader):
    accelerator = Accelerator()
    opt_g = torch.optim.Adam(G.parameters(), lr=1e-4)
    opt_d = torch.optim.Adam(D.parameters(), lr=1e-4)
    G, D, opt_g, opt_d, loader = accelerator.prepare(G, D, opt_g, opt_d, loader)
    for masked, target in loader:
        out = G(masked)
        loss_g = (out - target).abs().mean() - D(out).mean()
        loss_d = torch.relu(1 - D(target)).mean() + torch.relu(1 + D(out.detach())).mean()
        opt_g.zero_grad()
        opt_d.zero_grad()
        accelerator.backward(loss_g)
        accelerator.backward(loss_d)
        opt_g.step()
        opt_d.step()
