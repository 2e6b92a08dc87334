# The trainer class (gan_training/train.py) stores the optimizers it steps; the schedulers
# built over them here step first in each iteration.
import torch

from gan_training.train import Trainer


def main(generator, discriminator, loader, nz, epochs):
    g_optimizer = torch.optim.Adam(generator.parameters(), lr=1e-4)
    d_optimizer = torch.optim.Adam(discriminator.parameters(), lr=1e-4)
    g_scheduler = torch.optim.lr_scheduler.StepLR(g_optimizer, step_size=1000, gamma=0.5)
    d_scheduler = torch.optim.lr_scheduler.StepLR(d_optimizer, step_size=1000, gamma=0.5)
    trainer = Trainer(generator, discriminator, g_optimizer, d_optimizer=d_optimizer)
    it = 0
    for epoch in range(epochs):
        for x_real in loader:
            it += 1
            z = torch.randn(x_real.size(0), nz)
            dloss = trainer.discriminator_trainstep(x_real, z)
            d_scheduler.step()
            gloss = trainer.generator_trainstep(z)
            g_scheduler.step()
            if it % 100 == 0:
                print(it, dloss, gloss)
