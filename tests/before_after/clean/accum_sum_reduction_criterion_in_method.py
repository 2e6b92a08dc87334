import torch
from torch import nn


class Runner:
    def __init__(self, model, accum):
        self.model = model
        self.accum = accum
        self.criterion = nn.CrossEntropyLoss(reduction="sum")
        self.opt = torch.optim.SGD(model.parameters(), lr=1e-3)

    def train(self, batches):
        it = iter(batches)
        step = 0
        while True:
            try:
                x, y = next(it)
            except StopIteration:
                break
            total = self.criterion(self.model(x), y)
            total.backward()
            step += 1
            if step % self.accum == 0:
                self.opt.step()
                self.opt.zero_grad(set_to_none=True)
        if step % self.accum != 0:  # the last, partial window
            self.opt.step()
            self.opt.zero_grad(set_to_none=True)
