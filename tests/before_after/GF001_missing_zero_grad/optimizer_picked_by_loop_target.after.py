# The stepped optimizer is picked by the loop's own variable (`opts[part]` under
# `for part, x, y in batches:`), bound before the body runs: the clear at the top of the
# iteration names the same optimizer as the step.
import torch


def train(model, opts, batches, criterion):
    for part, x, y in batches:
        opts[part].zero_grad(set_to_none=True)
        loss = criterion(model(x), y)
        loss.backward()
        opts[part].step()
