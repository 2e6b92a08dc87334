"""Callbacks shared by the experiments."""
import pytorch_lightning as pl
import torch


class FreshGradients(pl.Callback):
    """Clears right before Lightning would: the module's own clear is switched off."""

    def on_before_zero_grad(self, trainer, pl_module, optimizer):
        optimizer.zero_grad(set_to_none=True)


class NormClip(pl.Callback):
    def __init__(self, max_norm=1.0):
        self.max_norm = max_norm

    def on_before_optimizer_step(self, trainer, pl_module, optimizer):
        torch.nn.utils.clip_grad_norm_(pl_module.parameters(), self.max_norm)

    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        pl_module.log("lr", trainer.optimizers[0].param_groups[0]["lr"])
