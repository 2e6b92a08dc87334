# fit() runs epochs, _epoch() runs batches and flushes the tail, _batch() backpropagates and
# steps at each window's end: the step method is two calls below the epoch loop.
import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, net, opt, accum=3):
        self.net = net
        self.opt = opt
        self.accum = accum

    def fit(self, batches, epochs=2):
        for epoch in range(epochs):
            self._epoch(batches)

    def _epoch(self, batches):
        for k, (x, y) in enumerate(batches):
            self._batch(k, x, y)
        if len(batches) % self.accum:
            self.opt.step()
            self.opt.zero_grad()

    def _batch(self, k, x, y):
        loss = F.mse_loss(self.net(x), y)
        (loss / self.accum).backward()
        if (k + 1) % self.accum == 0:
            self.opt.step()
            self.opt.zero_grad()


net = torch.nn.Linear(3, 1)
Trainer(net, torch.optim.SGD(net.parameters(), lr=0.1)).fit([(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(7)])
