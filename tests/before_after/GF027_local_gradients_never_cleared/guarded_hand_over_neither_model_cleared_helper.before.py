# A worker's helper hands the local gradients over only where the shared model holds none, and
# nothing clears either model: after the first hand-over the shared parameters hold the local
# tensors, which every backward adds into, and each update applies the sum of all of them.
import torch
from torch import nn


def give_once(mine: nn.Module, theirs: nn.Module) -> None:
    for p_mine, p_theirs in zip(mine.parameters(), theirs.parameters()):
        if p_theirs.grad is not None:
            return
        p_theirs._grad = p_mine.grad


def work(center: nn.Module, center_opt: torch.optim.Optimizer, rounds: int) -> None:
    mine = nn.Linear(3, 1)
    for _ in range(rounds):
        mine.load_state_dict(center.state_dict())
        err = mine(torch.randn(5, 3)).pow(2).mean()
        err.backward()
        give_once(mine, center)
        center_opt.step()
