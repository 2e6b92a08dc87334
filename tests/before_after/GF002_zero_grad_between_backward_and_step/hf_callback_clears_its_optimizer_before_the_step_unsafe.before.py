from transformers import TrainerCallback


class WarmupFreeze(TrainerCallback):
    """Meant to freeze the first steps; clears the optimizer right before every step instead."""

    def on_pre_optimizer_step(self, args, state, control, model, optimizer, **kwargs):
        optimizer.zero_grad(set_to_none=True)

    def on_step_end(self, args, state, control, model, optimizer, **kwargs):
        optimizer.zero_grad(set_to_none=True)
