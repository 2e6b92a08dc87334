# Under manual optimization Lightning calls `training_step` once per batch; this one builds an
# `AdamW` over the module's parameters on every call and steps it: each batch's step is a first
# step (empty moments). Reported without a fix: the optimizer belongs in `configure_optimizers`.
import lightning as L
import torch
import torch.nn.functional as F


class Regressor(L.LightningModule):
    def __init__(self, backbone):
        super().__init__()
        self.automatic_optimization = False
        self.backbone = backbone

    def training_step(self, batch, batch_idx):
        inputs, targets = batch
        optimizer = torch.optim.AdamW(self.parameters(), lr=1e-3, weight_decay=0.01)
        loss = F.smooth_l1_loss(self.backbone(inputs), targets)
        optimizer.zero_grad()
        self.manual_backward(loss)
        optimizer.step()
        self.log("train_loss", loss)
