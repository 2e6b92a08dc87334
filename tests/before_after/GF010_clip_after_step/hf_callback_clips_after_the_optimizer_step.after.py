import torch
from transformers import Trainer, TrainerCallback, TrainingArguments


class GradientGuard(TrainerCallback):
    """Keeps the update small on a noisy reward model."""

    def __init__(self, limit=0.5):
        self.limit = limit

    def on_pre_optimizer_step(self, args, state, control, model=None, **kwargs):
        torch.nn.utils.clip_grad_norm_(model.parameters(), self.limit)


def fine_tune(model, dataset, out_dir):
    args = TrainingArguments(output_dir=out_dir, gradient_accumulation_steps=4, max_grad_norm=0.0)
    trainer = Trainer(model=model, args=args, train_dataset=dataset, callbacks=[GradientGuard(0.25)])
    trainer.train()
    return trainer
