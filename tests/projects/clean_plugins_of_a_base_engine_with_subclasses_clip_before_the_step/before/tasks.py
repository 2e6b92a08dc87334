import torch.nn.functional as F

from engine import Engine


class Regression(Engine):
    def compute(self, batch):
        x, y = batch
        return F.mse_loss(self.net(x), y)


class WeightedRegression(Engine):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.weight = 2.0

    def compute(self, batch):
        x, y = batch
        return self.weight * F.mse_loss(self.net(x), y)


class Quiet(Engine):
    # its own list: whatever it is handed, it runs only the counter
    def __init__(self, net, opt, batches, steps, plugins=()):
        super().__init__(net, opt, batches, steps, plugins)
        self.plugins = [p for p in plugins if not hasattr(p, "limit")]

    def compute(self, batch):
        x, y = batch
        return F.l1_loss(self.net(x), y)
