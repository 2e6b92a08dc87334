"""The window step: the loop of trainer/loop.py hands it its batch index."""
import torch.nn.functional as F

from ..settings import ACCUM, BATCHES


class Holder:
    """The optimizer and the running loss, as the loop sets them."""


def begin_epoch(h):
    h.optim.zero_grad(set_to_none=True)
    h.total = 0.0


def micro_step(net, h, idx, inputs, labels):
    loss = F.cross_entropy(net(inputs), labels)
    loss.backward()
    if (idx + 1) % ACCUM == 0 or idx + 1 == len(BATCHES):
        h.optim.step()
        h.optim.zero_grad(set_to_none=True)
    h.total += loss.item()
