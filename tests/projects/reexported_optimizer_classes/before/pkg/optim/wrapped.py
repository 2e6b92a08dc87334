import torch


class WrappedOptimizer:
    def __init__(self, params):
        self._opt = torch.optim.SGD(params, lr=0.1)

    def step(self):
        self._opt.step()

    def zero_grad(self):  # takes no set_to_none
        self._opt.zero_grad()
