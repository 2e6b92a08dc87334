import pytorch_lightning as pl
import torch


class Encoder(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(16, 4)

    def training_step(self, batch, batch_idx):
        return self.net(batch).pow(2).mean()

    def configure_gradient_clipping(self, optimizer, gradient_clip_val=None, gradient_clip_algorithm=None):
        torch.nn.utils.clip_grad_norm_(self.parameters(), max_norm=2.0)

    def optimizer_step(self, epoch, batch_idx, optimizer, optimizer_closure):
        optimizer.step(closure=optimizer_closure)
        self.log("lr", optimizer.param_groups[0]["lr"])

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=3e-4)


class Decoder(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(4, 16)

    def training_step(self, batch, batch_idx):
        return self.net(batch).abs().mean()

    def on_before_optimizer_step(self, optimizer):
        torch.nn.utils.clip_grad_value_(self.parameters(), 0.1)

    def optimizer_step(self, epoch, batch_idx, optimizer, optimizer_closure):
        optimizer.step(closure=optimizer_closure)
        torch.nn.utils.clip_grad_norm_(self.parameters(), float("inf"))

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.01)
