import torch
import torch.nn.functional as F

encoder = torch.nn.Linear(4, 4)


def build(generator, discriminator):
    g = torch.optim.SGD([*generator.parameters(), *encoder.parameters()], lr=0.1)
    d = torch.optim.SGD(discriminator.parameters(), lr=0.1)
    return g, d


def train(G, D, data):
    optG, optD = build(G, D)
    for z, real in data:
        fake = G(encoder(z))
        errD = D(fake.detach()).mean() - D(real).mean()
        errD.backward()
        optD.step()
        optD.zero_grad()
        errG = -D(fake).mean()
        optG.zero_grad()
        errG.backward()
        optG.step()
