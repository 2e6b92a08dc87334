# Buggy: the same window in a method's `while` loop, the keyword given a name: nothing clears.
import torch
from timm.utils import NativeScaler


class Runner:
    def __init__(self, model, optimizer, accum):
        self.model, self.optimizer, self.accum = model, optimizer, accum
        self.scaler = NativeScaler()

    def run(self, stream, steps):
        step = 0
        while step < steps:
            x, y = next(stream)
            loss = torch.nn.functional.mse_loss(self.model(x), y) / self.accum
            update = (step + 1) % self.accum == 0
            self.scaler(loss, self.optimizer, need_update=update)
            step += 1
