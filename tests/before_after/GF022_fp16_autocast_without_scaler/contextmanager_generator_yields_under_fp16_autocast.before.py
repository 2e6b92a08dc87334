# The float16 autocast is entered by a `@contextmanager` generator around its `yield`: the
# forward of the `with half_precision():` block runs in float16, and no scaler scales the loss.
# Reported without a fix (the autocast is written in the generator).
import contextlib

import torch


@contextlib.contextmanager
def half_precision():
    with torch.autocast(device_type="cuda", dtype=torch.float16):
        yield


class Runner:
    def __init__(self, model, optimizer):
        self.model, self.optimizer = model, optimizer

    def epoch(self, loader):
        for inputs, labels in loader:
            self.optimizer.zero_grad(set_to_none=True)
            with half_precision():
                loss = torch.nn.functional.cross_entropy(self.model(inputs), labels)
            loss.backward()
            self.optimizer.step()
