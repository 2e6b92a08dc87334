import itertools

import torch
import torch.nn.functional as F
from torch import nn

G_ab, G_ba = nn.Linear(3, 3), nn.Linear(3, 3)
D_a, D_b = nn.Linear(3, 1), nn.Linear(3, 1)
opt_G = torch.optim.Adam(itertools.chain(G_ab.parameters(), G_ba.parameters()), lr=2e-3)
opt_D = torch.optim.Adam(itertools.chain(D_a.parameters(), D_b.parameters()), lr=2e-3)
dom_a = torch.randn(128, 3)
dom_b = torch.randn(128, 3) * 2 + 1

for step in range(100):
    a = dom_a[torch.randint(0, 128, (16,))]
    b = dom_b[torch.randint(0, 128, (16,))]
    fake_b, fake_a = G_ab(a), G_ba(b)
    loss_G = F.mse_loss(D_b(fake_b), torch.ones(16, 1)) + F.l1_loss(G_ba(fake_b), a) + F.l1_loss(G_ab(fake_a), b)
    opt_G.zero_grad()
    loss_G.backward(retain_graph=True)
    opt_G.step()
    loss_D = F.mse_loss(D_a(a), torch.ones(16, 1)) + F.mse_loss(D_a(fake_a.detach()), torch.zeros(16, 1))
    loss_D = loss_D + F.mse_loss(D_b(b), torch.ones(16, 1)) + F.mse_loss(D_b(fake_b.detach()), torch.zeros(16, 1))
    opt_D.zero_grad()
    loss_D.backward()
    opt_D.step()
