import lightning.pytorch as L
import torch


class Model(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.layer = torch.nn.Linear(16, 4)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return torch.nn.functional.cross_entropy(self.layer(x), y)

    def on_train_batch_end(self, outputs, batch, batch_idx):
        norm = torch.nn.utils.clip_grad_norm_(self.parameters(), max_norm=2.0)
        self.log("grad_norm", norm)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.01)
