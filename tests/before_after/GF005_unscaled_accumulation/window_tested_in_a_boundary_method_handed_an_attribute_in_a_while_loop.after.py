import torch.nn.functional as F


class Trainer:
    def __init__(self, net, optimizer, accum_steps):
        self.net = net
        self.optimizer = optimizer
        self.accum_steps = accum_steps

    def _boundary(self, step, window):
        if step % window == 0:
            self.optimizer.step()
            self.optimizer.zero_grad()

    def fit(self, batches, total):
        step = 0
        stream = iter(batches)
        while step < total:
            inputs, targets = next(stream)
            step += 1
            loss = F.cross_entropy(self.net(inputs), targets)
            (loss / self.accum_steps).backward()
            self._boundary(step, window=self.accum_steps)
