import torch
from torch import nn


class DenoiseTask(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(6, 12), nn.Dropout(0.2), nn.Linear(12, 6))

    def forward(self, x):
        return self.net(x)

    def training_step(self, batch):
        noisy, clean = batch
        return nn.functional.mse_loss(self(noisy), clean)

    def validation_step(self, batch):
        noisy, clean = batch
        return nn.functional.l1_loss(self(noisy), clean)

    def configure_optimizers(self):
        opt = torch.optim.Adam(self.parameters(), lr=1e-3)
        return opt, torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.9)
