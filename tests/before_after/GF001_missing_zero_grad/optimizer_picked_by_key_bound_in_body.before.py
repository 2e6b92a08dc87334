# The stepped optimizer is picked by a key the iteration computes after its backward
# (`part = ...`, then `optimizers[part].step()`), never cleared: a clear at the top of the
# iteration would read `part` before it is bound. Reported without a fix.
import torch


def train(model, optimizers, loader, criterion):
    step = 0
    while step < 100:
        for x, y in loader:
            loss = criterion(model(x), y)
            loss.backward()
            part = "even" if step % 2 == 0 else "odd"
            optimizers[part].step()
            step += 1
