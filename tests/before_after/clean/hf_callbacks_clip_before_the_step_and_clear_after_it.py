import torch
from transformers import Trainer, TrainerCallback


class ClipBeforeStep(TrainerCallback):
    def on_pre_optimizer_step(self, args, state, control, model=None, **kwargs):
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)

    def on_optimizer_step(self, args, state, control, model=None, **kwargs):
        # measures only: an infinite threshold clips nothing
        state.grad_norm = float(torch.nn.utils.clip_grad_norm_(model.parameters(), float("inf")))


class ClearAfterStep(TrainerCallback):
    def on_step_begin(self, args, state, control, model=None, **kwargs):
        model.zero_grad(set_to_none=True)

    def on_step_end(self, args, state, control, model=None, optimizer=None, **kwargs):
        model.zero_grad()
        optimizer.zero_grad()


class TeacherKeeper(TrainerCallback):
    def __init__(self, teacher):
        self.teacher = teacher

    def on_pre_optimizer_step(self, args, state, control, model=None, **kwargs):
        self.teacher.zero_grad()
        model.teacher.zero_grad()


class NotACallback:
    def on_optimizer_step(self, model):
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)

    def on_pre_optimizer_step(self, model):
        model.zero_grad()


def main(model, teacher, args, data):
    trainer = Trainer(model=model, args=args, train_dataset=data, callbacks=[ClipBeforeStep(), ClearAfterStep()])
    trainer.add_callback(TeacherKeeper(teacher))
    trainer.train()
