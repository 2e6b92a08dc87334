import torch
import torch.nn.functional as F

netG = torch.nn.Linear(4, 4)
netD = torch.nn.Linear(4, 1)


def build(generator, discriminator):
    return [
        torch.optim.SGD(generator.parameters(), lr=0.1),
        torch.optim.SGD(discriminator.parameters(), lr=0.1),
    ]


optG, optD = build(discriminator=netD, generator=netG)
for z, real in [(torch.randn(2, 4), torch.randn(2, 4))] * 3:
    fake = netG(z)
    errD = netD(fake.detach()).mean() - netD(real).mean()
    errD.backward()
    optD.step()
    optD.zero_grad()
    errG = -netD(fake).mean()
    errG.backward()
    optG.step()
    optG.zero_grad()
