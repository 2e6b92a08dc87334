"""The epoch and batch loops; the step function lives in trainer/engine/update.py."""
import torch
from torch import nn

from .engine.update import Holder, begin_epoch, micro_step
from .settings import BATCHES, EPOCHS


def fit():
    net = nn.Linear(4, 2)
    h = Holder()
    h.optim = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    for epoch in range(EPOCHS):
        begin_epoch(h)
        for idx, (inputs, labels) in enumerate(BATCHES):
            micro_step(net, h, idx, inputs, labels)
        print(epoch, h.total)
    return net
