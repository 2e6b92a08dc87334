# Correct (for gradfix, unknown): the class derives from a base of another package, whose
# `setup()` may fill the list the method has just emptied.
import torch
from framework import BaseLearner


class Learner(BaseLearner):
    def _train(self, loader, optimizer, n_epochs):
        self._hook_list = []
        self.setup()
        for epoch in range(n_epochs):
            for inputs, targets in loader:
                optimizer.zero_grad()
                loss = torch.nn.functional.cross_entropy(self._network(inputs), targets)
                loss.backward(retain_graph=True)
                for cb in self._hook_list:
                    cb.before_step()
                optimizer.step()
