# Buggy: an `nn.Module` trainer's `while` loop keeps the graph with `retain_graph=True`; the
# only other call per step is over `self.step_end_calls`, bound to `[]` right here and never
# filled.
import torch
from torch import nn


class Trainer(nn.Module):
    def fit(self, stream, opt, steps):
        self.step_end_calls = []
        step = 0
        while step < steps:
            x, y = next(stream)
            opt.zero_grad()
            loss = self.net(x).sub(y).pow(2).mean()
            loss.backward()
            for cb in self.step_end_calls:
                cb.on_step_end(step)
            opt.step()
            step += 1
