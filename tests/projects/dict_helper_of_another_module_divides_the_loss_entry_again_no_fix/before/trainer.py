import torch
from accelerate import Accelerator

from steps import shared_step


class Trainer:
    def __init__(self, model, accum_steps=4):
        self.accum_steps = accum_steps
        self.accelerator = Accelerator(gradient_accumulation_steps=accum_steps)
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
        self.model, self.optimizer = self.accelerator.prepare(model, self.optimizer)

    def train_epoch(self, loader):
        for inputs, labels in loader:
            with self.accelerator.accumulate(self.model):
                out = shared_step(self.model, inputs, labels, self.accum_steps)
                self.accelerator.backward(out["loss"])
                self.optimizer.step()
                self.optimizer.zero_grad()
