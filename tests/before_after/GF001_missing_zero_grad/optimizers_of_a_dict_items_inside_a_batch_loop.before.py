# Buggy: one optimizer per head, drawn from a dict's `.items()` on every batch; never cleared.
import torch


def train(heads, opts, loader):
    for x, y in loader:
        for name, opt in opts.items():
            loss = torch.nn.functional.cross_entropy(heads[name](x), y)
            loss.backward()
            opt.step()
