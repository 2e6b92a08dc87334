import itertools

import torch
import torch.nn.functional as F
from torch import nn

G_ab = nn.Linear(3, 3)
G_ba = nn.Linear(3, 3)
D_a = nn.Linear(3, 1)
D_b = nn.Linear(3, 1)
opt_G = torch.optim.Adam(itertools.chain(G_ab.parameters(), G_ba.parameters()), lr=2e-3)
opt_D = torch.optim.Adam(itertools.chain(D_a.parameters(), D_b.parameters()), lr=2e-3)

for a, b in loader:
    fake_b, fake_a = G_ab(a), G_ba(b)
    loss_G = F.mse_loss(D_b(fake_b), torch.ones(len(a), 1)) + F.l1_loss(G_ba(fake_b), a) + F.l1_loss(G_ab(fake_a), b)
    G_ab.zero_grad()
    loss_G.backward()
    opt_G.step()
    loss_D = F.mse_loss(D_a(fake_a.detach()), torch.zeros(len(b), 1)) + F.mse_loss(D_b(b), torch.ones(len(b), 1))
    opt_D.zero_grad()
    loss_D.backward()
    opt_D.step()
