import torch
from transformers import TrainerCallback


class NormGuard(TrainerCallback):
    def on_step_end(self, args, state, control, model=None, **kwargs):
        torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=2.0)
