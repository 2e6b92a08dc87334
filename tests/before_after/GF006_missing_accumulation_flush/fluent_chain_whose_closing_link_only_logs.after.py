"""A session whose stages return `self` (`self.open(k).sweep().close(k)`): the window loop is
in `sweep`, and the link run after it, `close`, only logs: nothing steps the micro-batches
after the last full window."""
import torch


class Session:
    def __init__(self, net, batches, window=4):
        self.net, self.batches, self.window = net, batches, window
        self.adam = torch.optim.Adam(net.parameters(), lr=1e-3)

    def open(self, k):
        self.net.train()
        return self

    def sweep(self):
        n = -1  # the flush after the loop reads it, also when the loop runs no batch
        for n, (a, b) in enumerate(self.batches):
            cost = torch.nn.functional.cross_entropy(self.net(a), b) / self.window
            cost.backward()
            if (n + 1) % self.window == 0:
                self.adam.step()
                self.adam.zero_grad()

        # the last micro-batches did not fill a whole window: step on them too
        if (n + 1) % self.window != 0:
            self.adam.step()
            self.adam.zero_grad()
        return self

    def close(self, k):
        print("pass", k, "done")
        return self

    def run(self, passes):
        for k in range(passes):
            self.open(k).sweep().close(k)
        return self
