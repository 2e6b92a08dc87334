# Correct (for gradfix, unknown): another method appends to the callbacks list, and a callback
# may backpropagate through the retained graph.
import torch


class Learner:
    def add(self, cb):
        self._batch_hooks.append(cb)

    def _train(self, loader, optimizer, n_epochs):
        self._batch_hooks = []
        for epoch in range(n_epochs):
            for inputs, targets in loader:
                optimizer.zero_grad()
                loss = torch.nn.functional.cross_entropy(self._network(inputs), targets)
                loss.backward(retain_graph=True)
                for cb in self._batch_hooks:
                    cb.before_step()
                optimizer.step()
