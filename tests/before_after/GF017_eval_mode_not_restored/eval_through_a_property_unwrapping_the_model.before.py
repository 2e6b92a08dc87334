import torch
from torch import nn


class Runner:
    def __init__(self, net, loader, probe_batch, device_ids):
        self.net = nn.DataParallel(net, device_ids=device_ids)
        self.opt = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
        self.loader = loader
        self.probe_batch = probe_batch

    @property
    def inner(self):
        """The module under the DataParallel wrapper."""
        return self.net.module

    def fit(self, epochs):
        for epoch in range(epochs):
            for step, (x, y) in enumerate(self.loader):
                self.opt.zero_grad()
                loss = nn.functional.cross_entropy(self.net(x), y)
                loss.backward()
                self.opt.step()
                if step % 250 == 0:
                    self.inner.eval()
                    with torch.no_grad():
                        acc = (self.inner(self.probe_batch[0]).argmax(1) == self.probe_batch[1]).float().mean()
                    print(epoch, step, acc.item())
