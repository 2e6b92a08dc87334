import contextlib
from contextlib import ExitStack

import torch
import torch.nn.functional as F


def fit(net, optimizer, batches, epochs, accumulate=4):
    for epoch in range(epochs):
        with contextlib.ExitStack() as closer:
            def finish_window():
                if (index + 1) % accumulate != 0:
                    optimizer.step()
                    optimizer.zero_grad(set_to_none=True)

            closer.callback(finish_window)
            for index, (inputs, labels) in enumerate(batches):
                loss = F.cross_entropy(net(inputs), labels) / accumulate
                loss.backward()
                if (index + 1) % accumulate == 0:
                    optimizer.step()
                    optimizer.zero_grad(set_to_none=True)


class Runner:
    def __init__(self, net, lr=0.1, every=3):
        self.net = net
        self.sgd = torch.optim.SGD(net.parameters(), lr=lr, momentum=0.9)
        self.every = every

    def epoch(self, rows):
        def leftover():
            if step % self.every:
                self.sgd.step()
                self.sgd.zero_grad(set_to_none=True)

        with ExitStack() as stack:
            stack.callback(leftover)
            step = 0
            for features, target in rows:
                step += 1
                F.mse_loss(self.net(features), target).div(self.every).backward()
                if step % self.every == 0:
                    self.sgd.step()
                    self.sgd.zero_grad(set_to_none=True)
