import torch
from lightning_fabric import Fabric


class Loop:
    def __init__(self, net, steps_per_update=4):
        self.fabric = Fabric(accelerator="cpu")
        self.net, self.opt = self.fabric.setup(net, torch.optim.Adam(net.parameters(), lr=1e-3))
        self.every = steps_per_update

    def epoch(self, batches):
        n = len(batches)
        k = 0
        while k < n:
            x, y = batches[k]
            skip_sync = (k + 1) % self.every != 0 and k + 1 < n
            with self.fabric.no_backward_sync(self.net, enabled=skip_sync):
                self.fabric.backward(torch.nn.functional.cross_entropy(self.net(x), y))
            if not skip_sync:
                self.opt.step()
                self.opt.zero_grad()
            k += 1
