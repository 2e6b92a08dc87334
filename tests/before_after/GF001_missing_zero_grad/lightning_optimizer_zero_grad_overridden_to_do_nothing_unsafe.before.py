import lightning.pytorch as L
import torch
from torch import nn


class Forecaster(L.LightningModule):
    def __init__(self, width):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(width, 16), nn.Tanh(), nn.Linear(16, 1))

    def training_step(self, batch, batch_idx):
        inputs, target = batch
        return nn.functional.smooth_l1_loss(self.body(inputs), target)

    def optimizer_zero_grad(self, epoch, batch_idx, opt):
        pass

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=1e-3)


class Tagger(Forecaster):
    def optimizer_zero_grad(self, current_epoch, index, optimizer):
        """Gradients are handled elsewhere."""
        ...


def fit(loader, epochs):
    model = Tagger(8)
    L.Trainer(max_epochs=epochs, accumulate_grad_batches=4).fit(model, loader)
