import pytorch_lightning as pl
import torch
import torch.nn.functional as F

NUM_EPOCHS = 20


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


class PerBatchTagger(pl.LightningModule):
    def __init__(self, width):
        super().__init__()
        self.out = torch.nn.Linear(width, 3)

    def training_step(self, batch, batch_idx):
        feats, tags = batch
        return F.cross_entropy(self.out(feats), tags)

    def configure_optimizers(self):
        adam = torch.optim.Adam(self.parameters(), lr=3e-4)
        decay = torch.optim.lr_scheduler.StepLR(adam, step_size=NUM_EPOCHS * 100)
        return {"optimizer": adam, "lr_scheduler": {"scheduler": decay, "interval": "step"}}

    def lr_scheduler_step(self, scheduler, metric):
        pass  # stepped by DecayEveryBatch alone


class ReadRate(pl.Callback):
    def on_train_batch_end(self, trainer, lit, outputs, batch, batch_idx):
        lit.log("lr", lit.lr_schedulers().get_last_lr()[0])


class DecayEveryBatch(pl.Callback):
    def on_train_batch_start(self, trainer, lit, batch, batch_idx):
        lit.lr_schedulers().step()


def launch(loader):
    # the callback list only reads the rate
    hooks = [ReadRate()]
    pl.Trainer(max_epochs=NUM_EPOCHS, callbacks=hooks).fit(Tagger(16), loader)


def launch_per_batch(loader):
    # the stepping callback is handed with the module that leaves its stepping to it
    extra = [DecayEveryBatch()]
    pl.Trainer(max_epochs=NUM_EPOCHS, callbacks=extra).fit(PerBatchTagger(16), loader)
