# Buggy: `one_step` is also called once per batch by `fit`, always with the same optimizer,
# and nothing clears: the call in `probe` (one step per optimizer of a list) does not excuse it.
import torch


class Runner:
    def one_step(self, model, optimizer, x, y):
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()

    def probe(self, models, optimizers, x, y):
        for i in range(len(models)):
            self.one_step(models[i], optimizers[i], x, y)

    def fit(self, model, optimizer, loader):
        for x, y in loader:
            self.one_step(model, optimizer, x, y)
