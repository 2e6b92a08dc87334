import pytorch_lightning as pl
import torch
from torch.optim.lr_scheduler import LinearLR


class Ranker(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.score = torch.nn.Linear(32, 1)
        self.warmup = None

    def training_step(self, batch, batch_idx):
        pos, neg = batch
        return torch.nn.functional.softplus(self.score(neg) - self.score(pos)).mean()

    def optimizer_step(self, epoch, batch_idx, optimizer, optimizer_closure):
        optimizer.step(closure=optimizer_closure)
        self.warmup.step()

    def configure_optimizers(self):
        opt = torch.optim.AdamW(self.parameters(), lr=2e-4)
        self.warmup = LinearLR(opt, start_factor=0.1, total_iters=50)
        return opt


class Scorer(pl.LightningModule):
    def __init__(self, stepper):
        super().__init__()
        self.lin = torch.nn.Linear(32, 1)
        self.stepper = stepper

    def training_step(self, batch, batch_idx):
        return self.lin(batch).pow(2).mean()

    def optimizer_step(self, epoch, batch_idx, optimizer, optimizer_closure):
        self.stepper.step()
        optimizer.step(closure=optimizer_closure)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.01)
