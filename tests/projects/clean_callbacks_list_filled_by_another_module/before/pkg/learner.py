# Correct (for gradfix, unknown): the method empties `self._callbacks`, but another module of
# the project appends to it (`attach`), and a callback may backpropagate through the graph.
import torch


class Learner:
    def _train(self, loader, optimizer, n_epochs):
        self._callbacks = []
        for epoch in range(n_epochs):
            for inputs, targets in loader:
                optimizer.zero_grad()
                loss = torch.nn.functional.cross_entropy(self._network(inputs), targets)
                loss.backward(retain_graph=True)
                for cb in self._callbacks:
                    cb.before_step()
                optimizer.step()
