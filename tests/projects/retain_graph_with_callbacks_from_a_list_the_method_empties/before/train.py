# Buggy: `retain_graph=True` with no second backward. The iteration also runs each listener of
# `self._listeners`, a list the method binds to `[]` and nothing ever fills: the calls never
# run, so they cannot backpropagate through the graph again.
import torch


class Learner:
    def _train(self, loader, optimizer, n_epochs):
        self._listeners = []
        for epoch in range(n_epochs):
            for inputs, targets in loader:
                optimizer.zero_grad()
                logits = self._network(inputs)
                loss = torch.nn.functional.cross_entropy(logits, targets)
                loss.backward(retain_graph=True)
                for listener in self._listeners:
                    listener.before_step()
                optimizer.step()
