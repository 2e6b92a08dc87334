import torch
from accelerate import Accelerator


class Trainer:
    def __init__(self, model, lr):
        self.accelerator = Accelerator(gradient_accumulation_steps=4)
        optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
        self.model, self.optimizer = self.accelerator.prepare(model, optimizer)

    def epoch(self, loader):
        for batch in loader:
            with self.accelerator.accumulate(self.model):
                loss = self.model(**batch).loss
                self.accelerator.backward(loss)
                if self.accelerator.sync_gradients:
                    self.accelerator.clip_grad_value_(self.model.parameters(), 0.5)
                self.optimizer.step()
                self.optimizer.zero_grad()
