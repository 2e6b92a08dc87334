import torch
from torch import nn


def fit(netG, netD, batches, nz):
    optG = torch.optim.Adam(netG.parameters(), lr=1e-4)
    optD = torch.optim.Adam(netD.parameters(), lr=1e-4)
    crit = nn.BCEWithLogitsLoss()
    for x in batches:
        n = x.size(0)
        optD.zero_grad()
        optG.zero_grad()
        out_fake = netD(netG(torch.randn(n, nz)))
        errD = crit(netD(x), torch.ones(n, 1)) + crit(out_fake, torch.zeros(n, 1))
        errG = crit(out_fake, torch.ones(n, 1))
        losses = [errD, errG]
        loss = sum(losses)
        loss.backward()
        optD.step()
        optG.step()
