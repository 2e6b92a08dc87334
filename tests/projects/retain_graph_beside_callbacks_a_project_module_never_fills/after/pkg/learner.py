# Buggy: the method empties `self._callbacks` and no module of the project fills it (the
# runner only builds the learner and calls `_train`): the callback loop never runs, and the
# graph kept by `retain_graph=True` is never used again.
import torch


class Learner:
    def _train(self, loader, optimizer, n_epochs):
        self._callbacks = []
        for epoch in range(n_epochs):
            for inputs, targets in loader:
                optimizer.zero_grad()
                loss = torch.nn.functional.cross_entropy(self._network(inputs), targets)
                loss.backward()
                for cb in self._callbacks:
                    cb.before_step()
                optimizer.step()
