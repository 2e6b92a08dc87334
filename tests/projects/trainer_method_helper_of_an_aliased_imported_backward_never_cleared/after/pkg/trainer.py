import torch

from .losses import backward_of as push


class Trainer:
    def __init__(self, model, lr):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=lr)

    def _update(self, x, y):
        return push(torch.nn.functional.cross_entropy(self.model(x), y))

    def fit(self, loader):
        for x, y in loader:
            self.optimizer.zero_grad(set_to_none=True)
            self._update(x, y)
            self.optimizer.step()
