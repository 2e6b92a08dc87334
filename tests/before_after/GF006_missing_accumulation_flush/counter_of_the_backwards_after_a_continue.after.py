import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, net, accum_steps):
        self.net = net
        self.accum_steps = accum_steps
        self.optimizer = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)

    def epoch(self, batches):
        """Skipped batches (empty ones) are not counted: `taken` goes up after the `continue` and
        before the backward, so it counts the backwards and the flush may test it."""
        taken = 0
        for x, y in batches:
            if x.numel() == 0:
                continue
            taken += 1
            F.cross_entropy(self.net(x), y).div(self.accum_steps).backward()
            if taken % self.accum_steps == 0:
                self.optimizer.step()
                self.optimizer.zero_grad()

        # the last micro-batches did not fill a whole window: step on them too
        if taken % self.accum_steps != 0:
            self.optimizer.step()
            self.optimizer.zero_grad()
