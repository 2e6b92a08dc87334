from accelerate import Accelerator

from proj.steps import training_step, update


def fit(model, optimizer, loader, epochs):
    accelerator = Accelerator(gradient_accumulation_steps=4)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for epoch in range(epochs):
        for batch in loader:
            with accelerator.accumulate(model):
                training_step(accelerator, model, optimizer, batch)


class Trainer:
    def __init__(self, model, optimizer, loader):
        self.accelerator = Accelerator(gradient_accumulation_steps=2)
        self.model, self.optimizer, self.loader = self.accelerator.prepare(model, optimizer, loader)

    def train(self, epochs):
        step = 0
        while step < epochs * len(self.loader):
            for inputs, targets in self.loader:
                with self.accelerator.accumulate(self.model):
                    update(self.accelerator, self.model, self.optimizer, inputs, targets)
                step += 1
