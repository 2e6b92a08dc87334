import torch
from torch import nn

gen = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 8))
disc = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1))
opt_d = torch.optim.Adam(disc.parameters(), lr=1e-3)
opt_g = torch.optim.Adam(gen.parameters(), lr=1e-3)
bce = nn.BCEWithLogitsLoss()


def real_batch():
    return torch.randn(16, 8) * 0.5 + 1.0


# warm the discriminator up first
for it in range(100):
    scores = disc(real_batch())
    warm_loss = bce(scores, torch.ones_like(scores))
    opt_d.zero_grad(set_to_none=True)
    warm_loss.backward()
    opt_d.step()

for it in range(1000):
    fake = gen(torch.randn(16, 4))
    scores_fake = disc(fake.detach())
    scores_real = disc(real_batch())
    d_loss = bce(scores_real, torch.ones_like(scores_real)) + bce(scores_fake, torch.zeros_like(scores_fake))
    opt_d.zero_grad(set_to_none=True)
    d_loss.backward(retain_graph=True)
    opt_d.step()
