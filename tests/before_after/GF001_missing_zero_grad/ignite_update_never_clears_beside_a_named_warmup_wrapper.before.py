import ignite.handlers as ih
import torch
from ignite.engine import Engine, Events


class Regressor:
    def __init__(self, width):
        self.net = torch.nn.Linear(width, 1)
        self.optim = torch.optim.SGD(self.net.parameters(), lr=0.05, momentum=0.9)

    def __call__(self, engine, batch):
        inputs, target = batch
        loss = torch.nn.functional.mse_loss(self.net(inputs), target)
        loss.backward()
        self.optim.step()
        return loss.item()


step = Regressor(16)
trainer = Engine(step)
decay = torch.optim.lr_scheduler.StepLR(step.optim, step_size=100, gamma=0.5)
warmup = ih.create_lr_scheduler_with_warmup(decay, warmup_start_value=0.0, warmup_duration=50)
trainer.add_event_handler(Events.ITERATION_STARTED, warmup)
