import torch
from transformers import TrainerCallback


class SubstepWatch(TrainerCallback):
    """The optimizer's clear between micro-batches does nothing (Accelerate skips it until the
    window's last), a teacher's clear is harmless, a clip at inf only measures."""

    def __init__(self, teacher):
        self.teacher = teacher
        self.norms = []

    def on_substep_end(self, args, state, control, model=None, optimizer=None, **kwargs):
        optimizer.zero_grad()
        self.teacher.zero_grad()
        self.norms.append(float(torch.nn.utils.clip_grad_norm_(model.parameters(), float("inf"))))


class NotACallback:
    def on_substep_end(self, model):
        model.zero_grad()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)


class Rebinds(TrainerCallback):
    def on_substep_end(self, args, state, control, model=None, **kwargs):
        model = kwargs["teacher"]
        model.zero_grad()
