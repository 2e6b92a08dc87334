import itertools

import torch
from torch import nn

G_ab = nn.Linear(3, 3)
G_ba = nn.Linear(3, 3)
D = nn.Linear(3, 1)
opt_G = torch.optim.Adam(itertools.chain(G_ab.parameters(), G_ba.parameters()), lr=2e-3)
opt_D = torch.optim.Adam(D.parameters(), lr=2e-3)

for a, b in loader:
    G_ab.zero_grad()
    G_ba.zero_grad()
    loss_G = -D(G_ab(a)).mean() + (G_ba(G_ab(a)) - a).abs().mean()
    loss_G.backward()
    opt_G.step()
    opt_D.zero_grad()
    (D(G_ab(a).detach()) - D(b)).mean().backward()
    opt_D.step()
