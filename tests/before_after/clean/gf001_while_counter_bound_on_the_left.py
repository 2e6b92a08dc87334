# Correct: a `while` loop with the bound on the left (`len(self.nets) > j`) steps each net's own
# optimizer once over that net.
import torch


class Probe:
    def __init__(self, nets, lr):
        self.nets = nets
        self.opts = [torch.optim.SGD(n.parameters(), lr=lr) for n in nets]

    def first_steps(self, x, y):
        j = 0
        while len(self.nets) > j:
            out = self.nets[j](x)
            torch.nn.functional.mse_loss(out, y).backward()
            self.opts[j].step()
            j += 1
