"""A guarded hand-over, nothing cleared, but the local model is built anew each round and the
shared optimizer sets the shared gradients to None after each step: every round hands fresh
tensors over. Correct."""
import copy

import torch
from torch import nn


def give_once(mine: nn.Module, theirs: nn.Module) -> None:
    for p_mine, p_theirs in zip(mine.parameters(), theirs.parameters()):
        if p_theirs.grad is not None:
            return
        p_theirs._grad = p_mine.grad


def work(center: nn.Module, center_opt: torch.optim.Optimizer, rounds: int) -> None:
    for _ in range(rounds):
        mine = copy.deepcopy(center)
        err = mine(torch.randn(5, 3)).pow(2).mean()
        err.backward()
        give_once(mine, center)
        center_opt.step()
        center_opt.zero_grad()
