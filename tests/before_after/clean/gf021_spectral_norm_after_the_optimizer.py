# spectral_norm and orthogonal keep the layer's original `Parameter` object (the
# parametrization stores it as `original`), so the optimizer built before still steps it;
# weight_norm is applied before the optimizer.
import torch
from torch import nn
from torch.nn.utils import parametrizations

disc = nn.Sequential(nn.Linear(16, 64), nn.LeakyReLU(0.2), nn.Linear(64, 64), nn.Linear(64, 1))
parametrizations.weight_norm(disc[3])
opt = torch.optim.Adam(disc.parameters(), lr=2e-4, betas=(0.5, 0.999))
disc[0] = nn.utils.spectral_norm(disc[0])
parametrizations.spectral_norm(disc[2])
parametrizations.orthogonal(disc[3])
for real, fake in pairs:
    opt.zero_grad()
    (disc(fake).mean() - disc(real).mean()).backward()
    opt.step()
