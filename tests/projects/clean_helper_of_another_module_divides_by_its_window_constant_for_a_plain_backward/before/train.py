import torch
from accelerate import Accelerator

from losses import WINDOW, step_loss


class Fitter:
    def __init__(self, classifier, loader):
        self.accelerator = Accelerator()
        optimizer = torch.optim.AdamW(classifier.parameters(), lr=3e-3)
        self.classifier, self.optimizer, self.loader = self.accelerator.prepare(classifier, optimizer, loader)

    def epoch(self):
        seen = 0
        for inputs, targets in self.loader:
            loss = step_loss(self.classifier, inputs, targets)
            self.accelerator.backward(loss)
            seen += 1
            if seen % WINDOW == 0:
                self.optimizer.step()
                self.optimizer.zero_grad(set_to_none=True)
        if seen % WINDOW != 0:
            self.optimizer.step()
            self.optimizer.zero_grad(set_to_none=True)
