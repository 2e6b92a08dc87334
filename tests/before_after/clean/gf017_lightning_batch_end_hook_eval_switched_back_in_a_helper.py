# Correct: the module's own batch-end hook evaluates a submodule and a helper of the file switches
# it back (`restore(self.net)`): GF017 cannot tell what `module.train()` of the helper switches, so it
# stays silent; the comment saying `.train(` plays no part.
import lightning as L
import torch
from torch import nn


def restore(module):
    module.train()


class Net(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(4, 16), nn.Dropout(0.5), nn.Linear(16, 1))

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.mse_loss(self.net(x), y)

    def on_train_batch_end(self, outputs, batch, batch_idx):
        self.net.eval()  # .train( comes from restore() below
        with torch.no_grad():
            self.log("out", self.net(batch[0]).mean())
        restore(self.net)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)
