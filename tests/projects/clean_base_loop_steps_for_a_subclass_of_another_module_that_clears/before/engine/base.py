# The base trainer's loop steps the optimizer after each `self.training_step(batch)`, a stub
# that subclasses write (regression.py's clears before its backward).
import torch


class BaseTrainer:
    def __init__(self, model, lr=0.01):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=lr)

    def training_step(self, batch):
        raise NotImplementedError

    def fit(self, loader, max_steps):
        step = 0
        while step < max_steps:
            for batch in loader:
                self.training_step(batch)
                self.optimizer.step()
                step += 1
