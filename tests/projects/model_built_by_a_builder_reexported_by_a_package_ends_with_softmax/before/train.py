import torch
from torch import nn

from nets import build_scorer


class Trainer:
    def __init__(self, width, classes):
        self.scorer = build_scorer(width, classes)
        self.criterion = nn.CrossEntropyLoss()
        self.opt = torch.optim.SGD(self.scorer.parameters(), lr=0.1)

    def run(self, batches):
        it = iter(batches)
        while True:
            try:
                features, targets = next(it)
            except StopIteration:
                break
            self.opt.zero_grad(set_to_none=True)
            loss = self.criterion(self.scorer(features), targets)
            loss.backward()
            self.opt.step()
