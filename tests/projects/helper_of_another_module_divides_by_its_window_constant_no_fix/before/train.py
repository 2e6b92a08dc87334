import torch
from accelerate import Accelerator

from losses import WINDOW, step_loss


class Fitter:
    def __init__(self, classifier, loader):
        self.accelerator = Accelerator(gradient_accumulation_steps=WINDOW)
        optimizer = torch.optim.AdamW(classifier.parameters(), lr=3e-3)
        self.classifier, self.optimizer, self.loader = self.accelerator.prepare(classifier, optimizer, loader)

    def epoch(self):
        for inputs, targets in self.loader:
            with self.accelerator.accumulate(self.classifier):
                loss = step_loss(self.classifier, inputs, targets)
                self.accelerator.backward(loss)
                self.optimizer.step()
                self.optimizer.zero_grad(set_to_none=True)
