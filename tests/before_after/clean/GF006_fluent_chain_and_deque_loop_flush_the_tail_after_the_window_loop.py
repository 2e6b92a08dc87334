"""Two correct accumulation loops whose tail is flushed after the window loop:
- a session whose stages return `self`: `self.open(k).sweep().close(k)`, the window loop in
  `sweep`, the flush in `close`, the link run next on the same object;
- a `while` loop emptying a `collections.deque` of the epoch's batches, flushed after it."""
import collections

import torch


class Session:
    def __init__(self, net, batches, window=4):
        self.net, self.batches, self.window = net, batches, window
        self.adam = torch.optim.Adam(net.parameters(), lr=1e-3)

    def open(self, k):
        self.net.train()
        return self

    def sweep(self):
        for n, (a, b) in enumerate(self.batches):
            cost = torch.nn.functional.cross_entropy(self.net(a), b) / self.window
            cost.backward()
            if (n + 1) % self.window == 0:
                self.adam.step()
                self.adam.zero_grad()
        return self

    def close(self, k):
        if len(self.batches) % self.window:
            self.adam.step()
            self.adam.zero_grad()
        return self

    def run(self, passes):
        for k in range(passes):
            self.open(k).sweep().close(k)
        return self


def fit(net, train_batches, epochs, every=3):
    sgd = torch.optim.SGD(net.parameters(), lr=0.02)
    for _ in range(epochs):
        todo = collections.deque(train_batches)
        seen = 0
        while todo:
            inputs, targets = todo.popleft()
            err = torch.nn.functional.mse_loss(net(inputs), targets) / every
            err.backward()
            seen += 1
            if seen % every == 0:
                sgd.step()
                sgd.zero_grad()
        if seen % every:
            sgd.step()
            sgd.zero_grad()
    return net
