import torch
from torch import nn


def fit(netG, netD, batches, nz):
    optG = torch.optim.Adam(netG.parameters(), lr=1e-4)
    optD = torch.optim.Adam(netD.parameters(), lr=1e-4)
    crit = nn.BCEWithLogitsLoss()
    for x in batches:
        n = x.size(0)
        fake = netG(torch.randn(n, nz))
        d_loss = crit(netD(x), torch.ones(n, 1)) + crit(netD(fake.detach()), torch.zeros(n, 1))
        g_loss = crit(netD(fake), torch.ones(n, 1))
        optD.zero_grad()
        optG.zero_grad()
        torch.stack([d_loss, 0.5 * g_loss]).sum().backward()
        optD.step()
        optG.step()
