# Correct as far as gradfix can tell: the `K` given to the Trainer is main()'s own, not the
# module's K the training_step divides by (they may differ), so no finding.
import pytorch_lightning as pl
import torch

K = 2


class Model(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.layer = torch.nn.Linear(8, 2)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return torch.nn.functional.cross_entropy(self.layer(x), y) / K

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def main(loader, K=1):
    pl.Trainer(max_epochs=1, accumulate_grad_batches=K).fit(Model(), loader)
