"""A subclass that only names its inner optimizer: zero_grad() is its base's."""
import torch

from pkg.optim.base import InheritFromOther


class NamedOpt(InheritFromOther):
    def __init__(self, params, lr):
        super().__init__(torch.optim.SGD(params, lr=lr, momentum=0.9))
