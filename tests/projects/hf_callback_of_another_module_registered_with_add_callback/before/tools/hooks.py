from torch.nn import utils
from transformers import TrainerCallback


class StableUpdates(TrainerCallback):
    def __init__(self, max_norm):
        self.max_norm = max_norm

    def on_optimizer_step(self, args, state, control, model=None, **kwargs):
        utils.clip_grad_norm_(model.parameters(), self.max_norm)


class WipeBeforeStep(TrainerCallback):
    def on_pre_optimizer_step(self, args, state, control, model=None, **kwargs):
        model.zero_grad()
