"""Lightning with manual optimization: Lightning neither accumulates nor divides, so the
module divides the loss by its accumulation count itself and steps every N batches."""

import lightning as L
import torch


class Model(L.LightningModule):
    def __init__(self, net, accumulation_steps=4):
        super().__init__()
        self.net = net
        self.accumulation_steps = accumulation_steps
        self.automatic_optimization = False

    def training_step(self, batch, batch_idx):
        opt = self.optimizers()
        x, y = batch
        loss = torch.nn.functional.cross_entropy(self.net(x), y) / self.accumulation_steps
        self.manual_backward(loss)
        if (batch_idx + 1) % self.accumulation_steps == 0:
            opt.step()
            opt.zero_grad()
        return loss

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=1e-3)
