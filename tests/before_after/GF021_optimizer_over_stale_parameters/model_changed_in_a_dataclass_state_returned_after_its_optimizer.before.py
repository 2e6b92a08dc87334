import types
from dataclasses import dataclass

import torch
import torch.nn as nn

torch.manual_seed(0)
loader = [(torch.randn(4, 8), torch.randint(0, 3, (4,))) for _ in range(5)]


@dataclass
class State:
    model: nn.Module
    opt: object = None


def build(width):
    state = State(nn.Sequential(nn.Linear(8, width), nn.ReLU(), nn.Linear(width, 3)))
    state.opt = torch.optim.SGD(state.model.parameters(), lr=0.1)
    state.model[2] = nn.Linear(width, 3)
    return state


def run_epoch(s: State):
    i = 0
    while i < len(loader):
        x, y = loader[i]
        s.opt.zero_grad()
        nn.functional.cross_entropy(s.model(x), y).backward()
        s.opt.step()
        i += 1


if __name__ == "__main__":
    st = build(16)
    for _ in range(3):
        run_epoch(st)
