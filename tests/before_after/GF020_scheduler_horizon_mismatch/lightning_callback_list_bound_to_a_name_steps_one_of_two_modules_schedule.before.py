import pytorch_lightning as pl
import torch
import torch.nn.functional as F

NUM_EPOCHS = 20


class Encoder(pl.LightningModule):
    """Pretrained elsewhere; only its class is defined here."""

    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Linear(16, 8)

    def training_step(self, batch, batch_idx):
        return self.proj(batch[0]).pow(2).mean()

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)


class Tagger(pl.LightningModule):
    def __init__(self, width):
        super().__init__()
        self.out = torch.nn.Linear(width, 3)

    def training_step(self, batch, batch_idx):
        feats, tags = batch
        return F.cross_entropy(self.out(feats), tags)

    def configure_optimizers(self):
        adam = torch.optim.Adam(self.parameters(), lr=3e-4)
        return [adam], [torch.optim.lr_scheduler.StepLR(adam, step_size=NUM_EPOCHS // 2)]


class DecayEveryBatch(pl.Callback):
    def on_train_batch_start(self, trainer, lit, batch, batch_idx):
        sched = lit.lr_schedulers()
        sched.step()


def launch(loader):
    hooks = [pl.callbacks.LearningRateMonitor()]
    hooks.append(DecayEveryBatch())
    runner = pl.Trainer(max_epochs=NUM_EPOCHS, callbacks=hooks)
    runner.fit(Tagger(16), loader)
