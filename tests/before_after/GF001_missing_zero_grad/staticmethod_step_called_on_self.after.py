# A `@staticmethod` step helper called through `self` (`self.update(net, optim, batch)`):
# its first parameter is the network, not `self`. It never clears.
import torch


class Runner:
    def __init__(self, net, batches):
        self.net = net
        self.batches = batches
        self.optim = torch.optim.Adam(net.parameters())

    @staticmethod
    def update(net, optim, batch):
        optim.zero_grad(set_to_none=True)
        x, y = batch
        torch.nn.functional.cross_entropy(net(x), y).backward()
        optim.step()

    def run(self):
        for batch in self.batches:
            self.update(self.net, self.optim, batch)
