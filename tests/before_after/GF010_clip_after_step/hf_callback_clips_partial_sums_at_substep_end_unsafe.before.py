from torch.nn.utils import clip_grad_value_
from transformers import TrainerCallback


class ValueClip(TrainerCallback):
    """Keeps every gradient entry within +-0.5."""

    def on_substep_end(self, args, state, control, model=None, **kwargs):
        clip_grad_value_(model.parameters(), 0.5)

    def on_optimizer_step(self, args, state, control, **kwargs):
        control.should_log = state.global_step % 50 == 0
