import torch
import torch.nn.functional as F
import pytorch_lightning as pl


class Detector(pl.LightningModule):
    def __init__(self, net):
        super().__init__()
        self.net = net
        self.step_outputs = []

    def compute_loss(self, batch):
        boxes, target = self.net(batch["image"]), batch["boxes"]
        reg = F.smooth_l1_loss(boxes, target)
        return {"loss": reg, "reg": reg.detach()}

    def training_step(self, batch, batch_idx):
        loss = self.compute_loss(batch)
        self.step_outputs.append(loss)
        return loss

    def on_train_epoch_end(self):
        self.log("reg", torch.stack([o["reg"] for o in self.step_outputs]).mean())
        self.step_outputs.clear()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.01)
