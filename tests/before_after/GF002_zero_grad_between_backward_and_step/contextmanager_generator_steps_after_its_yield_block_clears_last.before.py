# The optimizer steps in a `@contextmanager` generator after its `yield`, when the `with` block
# ends; the block clears the gradients after its backward, so the step applies nothing.
from contextlib import contextmanager

import torch.nn.functional as F


@contextmanager
def update_after(optim):
    yield
    optim.step()


def fit(net, optim, stream):
    seen = 0
    while seen < 100:
        inputs, targets = next(stream)
        with update_after(optim):
            F.smooth_l1_loss(net(inputs), targets).backward()
            optim.zero_grad(set_to_none=True)
        seen += 1
