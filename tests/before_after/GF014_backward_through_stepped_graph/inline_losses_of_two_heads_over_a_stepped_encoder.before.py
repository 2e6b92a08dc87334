import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
encoder = nn.Sequential(nn.Linear(8, 16), nn.Tanh(), nn.Linear(16, 8))
head_a, head_b = nn.Linear(8, 1), nn.Linear(8, 1)
opt_shared = torch.optim.SGD(list(encoder.parameters()) + list(head_a.parameters()), lr=0.1)
opt_b = torch.optim.SGD(head_b.parameters(), lr=0.1)
for step in range(3):
    x, ya, yb = torch.randn(4, 8), torch.randn(4, 1), torch.randn(4, 1)
    features = encoder(x)
    opt_shared.zero_grad()
    opt_b.zero_grad()
    F.mse_loss(head_a(features), ya).backward(retain_graph=True)
    opt_shared.step()
    F.l1_loss(head_b(features), yb).backward()
    opt_b.step()
