import logging

import transformers
from torch.nn.utils import clip_grad_value_

log = logging.getLogger(__name__)


class LoggingCallback(transformers.trainer_callback.TrainerCallback):
    def on_log(self, args, state, control, logs=None, **kwargs):
        log.info("step %d: %s", state.global_step, logs)


class ValueClipper(LoggingCallback):
    def on_optimizer_step(self, args, state, control, **kwargs):
        log.debug("stepped %d", state.global_step)

    def on_step_end(self, args, state, control, **kwargs):
        net = kwargs["model"]
        clip_grad_value_(net.parameters(), clip_value=0.1)
        log.debug("clipped at step %d", state.global_step)


def build(model, args, data):
    trainer = transformers.Trainer(model=model, args=args, train_dataset=data)
    trainer.add_callback(ValueClipper())
    return trainer
