import torch
from transformers import TrainerCallback


class NormGuard(TrainerCallback):
    def on_pre_optimizer_step(self, args, state, control, model=None, **kwargs):
        torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=2.0)
