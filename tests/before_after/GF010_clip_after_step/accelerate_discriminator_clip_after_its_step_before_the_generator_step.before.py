# A GAN prepared by Accelerate: the discriminator's gradients are clipped by
# `accelerator.clip_grad_norm_` after `d_opt.step()`, and only the generator's optimizer steps
# later. The discriminator's step used unclipped gradients; the clip belongs before it.
import torch
import torch.nn as nn
from accelerate import Accelerator


def train(batches, epochs):
    accelerator = Accelerator(cpu=True)
    generator = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))
    discriminator = nn.Sequential(nn.Linear(4, 16), nn.LeakyReLU(0.2), nn.Linear(16, 1))
    g_opt = torch.optim.Adam(generator.parameters(), lr=1e-3)
    d_opt = torch.optim.SGD(discriminator.parameters(), lr=0.05, momentum=0.9)
    generator, discriminator, g_opt, d_opt = accelerator.prepare(generator, discriminator, g_opt, d_opt)
    criterion = nn.BCEWithLogitsLoss()
    for _ in range(epochs):
        for real, noise in batches:
            fake = generator(noise)
            real_label = torch.ones(len(real), 1)
            d_opt.zero_grad()
            d_loss = criterion(discriminator(real), real_label) + criterion(discriminator(fake.detach()), 1 - real_label)
            accelerator.backward(d_loss)
            d_opt.step()
            accelerator.clip_grad_norm_(discriminator.parameters(), 0.5)
            g_opt.zero_grad()
            accelerator.backward(criterion(discriminator(fake), real_label))
            g_opt.step()
    return generator, discriminator
