import lightning.pytorch as L
import torch
from torch import nn


class Backbone(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(nn.Conv1d(3, 8, 3), nn.ReLU(), nn.Flatten(), nn.LazyLinear(5))

    def training_step(self, batch, batch_idx):
        signal, label = batch
        return nn.functional.cross_entropy(self.layers(signal), label)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.01, momentum=0.9)


class SkipNonFinite(Backbone):
    def on_before_optimizer_step(self, optimizer):
        if not all(torch.isfinite(p.grad).all() for p in self.parameters() if p.grad is not None):
            self.print("non-finite gradients")
        optimizer.zero_grad(set_to_none=True)
