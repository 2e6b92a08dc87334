# Correct: one of the two Trainers of the file fits the module without accumulation, so the
# division by K is the only one there; gradfix cannot tell which Trainer runs and stays silent.
import pytorch_lightning as pl
import torch

K = 4


class Model(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.layer = torch.nn.Linear(8, 2)

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = torch.nn.functional.cross_entropy(self.layer(x), y)
        return loss / K

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def fit_accumulating(loader):
    pl.Trainer(max_epochs=1, accumulate_grad_batches=K).fit(Model(), loader)


def fit_plain(loader):
    pl.Trainer(max_epochs=1).fit(Model(), loader)
