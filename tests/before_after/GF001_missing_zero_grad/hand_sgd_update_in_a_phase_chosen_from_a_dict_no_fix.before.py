import os

import torch
from torch import nn


class Train:
    def step(self, state, x, y):
        nn.functional.cross_entropy(state.net(x), y).backward()
        with torch.no_grad():
            for p in state.net.parameters():
                p -= 0.1 * p.grad


class Score:
    def step(self, state, x, y):
        with torch.no_grad():
            state.net(x)


MODES = {"train": Train(), "score": Score()}


def main(state, loader):
    mode = MODES[os.environ.get("MODE", "train")]
    for x, y in loader:
        mode.step(state, x, y)
