import torch

from pkg.optim.base import InheritFromOther


class NamedOpt(InheritFromOther):
    def __init__(self, params):
        super().__init__(torch.optim.SGD(params, lr=0.1))
