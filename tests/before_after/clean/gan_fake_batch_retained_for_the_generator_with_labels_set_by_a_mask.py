import torch
import torch.nn as nn

gen = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 2))
disc = nn.Sequential(nn.Linear(2, 16), nn.ReLU(), nn.Linear(16, 1))
g_opt = torch.optim.Adam(gen.parameters(), lr=2e-4)
d_opt = torch.optim.Adam(disc.parameters(), lr=2e-4)
bce = nn.BCEWithLogitsLoss()


def draw(n):
    real = torch.randn(n, 2) * 0.5 + 1.0
    made = torch.arange(2 * n) >= n
    return real, torch.randn(n, 4), made


for it in range(300):
    real, z, made = draw(32)
    fake = gen(z)
    labels = torch.ones(64)
    labels[made] = 0.0
    d_opt.zero_grad()
    d_loss = bce(disc(torch.cat([real, fake])).view(-1), labels)
    d_loss.backward(retain_graph=True)
    d_opt.step()
    g_opt.zero_grad()
    g_loss = bce(disc(fake).view(-1), torch.ones(32))
    g_loss.backward()
    g_opt.step()
