import torch
from torch import nn


def train(discriminators, generator, opt_d, batches):
    disc_total = 0.0
    for real, noise in batches:
        fake = generator(noise).detach()
        opt_d.zero_grad()
        loss_d = 0.0
        for disc in discriminators:
            loss_d += torch.mean((disc(real) - 1.0) ** 2) + torch.mean(disc(fake) ** 2)
        loss_d.backward()
        opt_d.step()
        disc_total += loss_d
    return disc_total / len(batches)


discs = nn.ModuleList([nn.Linear(16, 1) for _ in range(3)])
gen = nn.Linear(8, 16)
data = [(torch.randn(4, 16), torch.randn(4, 8)) for _ in range(10)]
print(train(discs, gen, torch.optim.Adam(discs.parameters(), lr=2e-4), data))
