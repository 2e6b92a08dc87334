import torch
from torch import nn
from torch.nn import functional as F


class Pix2PixLite:
    def __init__(self, generator: nn.Module, discriminator: nn.Module, lr: float = 2e-4):
        self.generator = generator
        self.discriminator = discriminator
        self.g_optimizer = self.configure_optimizer(self.generator, lr)
        self.d_optimizer = self.configure_optimizer(self.discriminator, lr)

    def configure_optimizer(self, module, lr):
        params = [p for p in module.parameters() if p.requires_grad]
        return torch.optim.Adam(params, lr=lr, betas=(0.5, 0.999))

    def fit(self, pairs, epochs):
        for epoch in range(epochs):
            for source, target in pairs:
                fake = self.generator(source)
                pred_real = self.discriminator(torch.cat([source, target], 1))
                pred_fake = self.discriminator(torch.cat([source, fake.detach()], 1))
                d_loss = F.mse_loss(pred_real, torch.ones_like(pred_real)) + F.mse_loss(pred_fake, torch.zeros_like(pred_fake))
                d_loss.backward()
                self.d_optimizer.step()
                self.d_optimizer.zero_grad()

                pred = self.discriminator(torch.cat([source, fake], 1))
                g_loss = F.mse_loss(pred, torch.ones_like(pred)) + 100 * F.l1_loss(fake, target)
                g_loss.backward()
                self.g_optimizer.step()
                self.g_optimizer.zero_grad()
