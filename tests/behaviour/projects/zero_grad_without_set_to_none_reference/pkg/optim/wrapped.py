"""An optimizer of the project that clears to None itself, with no argument."""
import torch


class WrappedOptimizer:
    def __init__(self, params, lr):
        self._opt = torch.optim.AdamW(params, lr=lr)

    def step(self):
        self._opt.step()

    def zero_grad(self):  # no set_to_none
        for group in self._opt.param_groups:
            for p in group["params"]:
                p.grad = None
