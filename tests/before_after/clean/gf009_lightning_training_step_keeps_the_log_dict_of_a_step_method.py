import torch
import torch.nn.functional as F
import pytorch_lightning as pl


class Forecaster(pl.LightningModule):
    def __init__(self, net):
        super().__init__()
        self.net = net
        self.train_logs = []

    def shared_step(self, x, y):
        pred = self.net(x)
        loss = F.l1_loss(pred, y)
        return {"loss": loss, "n": len(y)}, pred

    def training_step(self, batch, batch_idx):
        x, y = batch
        log, pred = self.shared_step(x, y)
        self.train_logs.append(log)
        return log

    def on_train_epoch_end(self):
        mean = torch.stack([entry["loss"].detach() for entry in self.train_logs]).mean()
        self.log("epoch_loss", mean)
        self.train_logs.clear()

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)
