# Correct (for gradfix, unknown): the list is filled through `getattr(self, "...")`.
import torch


class Learner:
    def _train(self, loader, optimizer, extra):
        self._cb_registry = []
        getattr(self, "_cb_registry").extend(extra)
        for inputs, targets in loader:
            optimizer.zero_grad()
            loss = torch.nn.functional.cross_entropy(self._network(inputs), targets)
            loss.backward(retain_graph=True)
            for cb in self._cb_registry:
                cb.before_step()
            optimizer.step()
