import lightning.pytorch as L
import torch


class Base(L.Callback):
    def on_train_start(self, trainer, pl_module):
        self.seen = 0


class Guard(Base):
    def on_before_optimizer_step(self, trainer, pl_module, optimizer):
        torch.nn.utils.clip_grad_norm_(pl_module.parameters(), 1.0)

    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        self.seen += 1
        pl_module.log("seen", float(self.seen))


class Recorder:
    """No Lightning callback: Lightning never calls its hooks."""

    def on_train_batch_end(self, model):
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)

    def on_after_backward(self, model):
        model.zero_grad()


class Later(Recorder):
    def on_before_optimizer_step(self, model):
        model.zero_grad()


class Small(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.layer = torch.nn.Linear(4, 2)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return torch.nn.functional.cross_entropy(self.layer(x), y)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def run(loader):
    L.Trainer(max_epochs=1, callbacks=[Guard()]).fit(Small(), loader)
