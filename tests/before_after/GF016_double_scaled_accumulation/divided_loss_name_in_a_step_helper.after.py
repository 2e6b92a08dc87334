# The step helper (a function, and a trainer's method) binds the divided loss to a name
# before handing it to `accelerator.backward`, which divides by the same count again.
import torch
import torch.nn.functional as F
from accelerate import Accelerator

ACCUMULATION = 4
accelerator = Accelerator(gradient_accumulation_steps=ACCUMULATION)


def training_step(model, x, y):
    loss = F.mse_loss(model(x), y)
    accelerator.backward(loss)


def fit(batches):
    model = torch.nn.Linear(4, 2)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    model, opt = accelerator.prepare(model, opt)
    for x, y in batches:
        with accelerator.accumulate(model):
            training_step(model, x, y)
            opt.step()
            opt.zero_grad()


class Trainer:
    def __init__(self, model):
        self.accelerator = Accelerator(gradient_accumulation_steps=ACCUMULATION)
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
        self.model, self.opt = self.accelerator.prepare(model, opt)

    def training_step(self, x, y):
        error = F.mse_loss(self.model(x), y)
        scaled = error
        self.accelerator.backward(scaled)

    def eval_step(self, x, y):
        loss = F.mse_loss(self.model(x), y)
        self.accelerator.backward(loss)

    def fit(self, batches):
        for i, (x, y) in enumerate(batches):
            with self.accelerator.accumulate(self.model):
                if i % 2:
                    self.training_step(x, y)
                else:
                    self.eval_step(x, y)
                self.opt.step()
                self.opt.zero_grad()
