import math

import torch
import transformers


class StepWatcher(transformers.TrainerCallback):
    def __init__(self):
        self.norms = []

    def on_pre_optimizer_step(self, args, state, control, model=None, **kwargs):
        squares = sum(float(p.grad.pow(2).sum()) for p in model.parameters() if p.grad is not None)
        self.norms.append(math.sqrt(squares))


class ClippingWatcher(StepWatcher):
    """Renaming its hook `on_pre_optimizer_step` would hide the watcher's: reported, not fixed."""

    def on_optimizer_step(self, args, state, control, model=None, **kwargs):
        torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=2.0)
