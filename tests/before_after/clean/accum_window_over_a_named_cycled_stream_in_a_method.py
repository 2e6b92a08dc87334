from itertools import cycle, islice

import torch
from torch import nn


class StreamTrainer:
    def __init__(self, model: nn.Module, loader, total_micro_steps: int, window: int = 8) -> None:
        self.model = model
        self.loader = loader
        self.total = total_micro_steps
        self.window = window
        self.opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)

    def run(self) -> None:
        stream = islice(cycle(self.loader), self.total)
        for k, (src, tgt) in enumerate(stream):
            out = self.model(src)
            (nn.functional.mse_loss(out, tgt) / self.window).backward()
            if (k + 1) % self.window == 0:
                self.opt.step()
                self.opt.zero_grad(set_to_none=True)
