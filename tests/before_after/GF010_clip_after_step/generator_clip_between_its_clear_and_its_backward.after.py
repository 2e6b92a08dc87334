# A GAN whose generator clip sits after the generator's clear, before its backward: the
# discriminator has stepped, the generator's gradients were just emptied, so the clip clips
# zeros and the generator's update is never clipped.
import torch
from torch import nn

generator = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))
discriminator = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 1))
opt_g = torch.optim.Adam(generator.parameters(), lr=2e-4)
opt_d = torch.optim.Adam(discriminator.parameters(), lr=2e-4)
bce = nn.BCEWithLogitsLoss()
for real in loader:
    z = torch.randn(real.size(0), 8)
    fake = generator(z)
    opt_d.zero_grad()
    d_loss = bce(discriminator(real), torch.ones(real.size(0), 1)) + bce(discriminator(fake.detach()), torch.zeros(real.size(0), 1))
    d_loss.backward()
    opt_d.step()
    opt_g.zero_grad()
    g_loss = bce(discriminator(fake), torch.ones(real.size(0), 1))
    g_loss.backward()
    nn.utils.clip_grad_norm_(generator.parameters(), 1.0)
    opt_g.step()
