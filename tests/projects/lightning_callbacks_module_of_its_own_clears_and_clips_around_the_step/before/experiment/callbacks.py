"""Gradient housekeeping, kept apart from the models it serves."""
import torch
from pytorch_lightning.callbacks import Callback


class Housekeeping(Callback):
    """Shared by the callbacks below."""

    def __init__(self, limit: float = 1.0) -> None:
        self.limit = limit


class TameGradients(Housekeeping):
    def on_before_zero_grad(self, trainer, pl_module, optimizer):
        torch.nn.utils.clip_grad_norm_(pl_module.parameters(), self.limit)


class FreshStart(Callback):
    def on_after_backward(self, trainer, pl_module):
        pl_module.zero_grad()

    def on_before_optimizer_step(self, trainer, pl_module, optimizer):
        optimizer.zero_grad(set_to_none=True)
