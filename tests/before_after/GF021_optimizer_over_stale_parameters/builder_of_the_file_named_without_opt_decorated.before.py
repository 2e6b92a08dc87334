# The optimizer comes from a builder of this file whose name does not say "opt" (and which is
# decorated, `@functools.lru_cache`); the head is replaced after it was built.
import functools

import torch
from torch import nn


@functools.lru_cache(maxsize=None)
def prepare(net):
    return torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)


def finetune(backbone, batches):
    trainer = prepare(backbone)
    backbone.head = nn.Linear(64, 5)
    for x, y in batches:
        trainer.zero_grad(set_to_none=True)
        nn.functional.cross_entropy(backbone(x), y).backward()
        trainer.step()
