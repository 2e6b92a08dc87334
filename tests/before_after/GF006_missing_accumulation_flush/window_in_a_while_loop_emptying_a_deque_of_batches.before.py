"""Each epoch's batches are put in a `collections.deque` and taken off one by one (`while
todo: ... todo.popleft()`), the micro-batches counted by hand after the window test: the loop
ends when the queue is empty, as a `for` over it would, and the micro-batches after the last
full window never reach `step()`. Reported without a fix (the counter moves after the test)."""
from collections import deque

import torch


def fit(net, train_batches, epochs, every=3):
    sgd = torch.optim.SGD(net.parameters(), lr=0.02)
    for _ in range(epochs):
        todo = deque(train_batches)
        seen = 0
        while todo:
            inputs, targets = todo.popleft()
            err = torch.nn.functional.mse_loss(net(inputs), targets) / every
            err.backward()
            if (seen + 1) % every == 0:
                sgd.step()
                sgd.zero_grad()
            seen += 1
    return net
