"""GF031 and an optimizer built again over the very parameter-group dicts of the first one:
torch keeps the dicts it is given as its `param_groups`, so the scheduler built over the first
optimizer still writes the learning rate the new one reads (silent); a new list of groups is a
replacement the scheduler no longer reaches (reported)."""

from __future__ import annotations

import textwrap

import torch

from gradfix.runner import Options, process_source

SCRIPT = """
    import torch

    net = torch.nn.Linear(4, 2)
    groups = [{"params": [net.weight], "weight_decay": 0.01}, {"params": [net.bias], "weight_decay": 0.0}]
    opt = torch.optim.AdamW(groups, lr=0.01)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: 0.5 ** s)
    opt = torch.optim.AdamW(NEW, lr=0.01)
    for x in torch.randn(3, 5, 4):
        opt.zero_grad()
        net(x).sum().backward()
        opt.step()
        sched.step()
"""


def _found(new: str) -> list[str]:
    text = textwrap.dedent(SCRIPT).replace("NEW", new)
    result = process_source("case.py", text.encode(), Options(select=frozenset({"GF031"})))
    assert result.error is None, result.error
    return [d.code for d in result.diagnostics]


def test_same_group_dicts_are_still_scheduled() -> None:
    assert _found("groups") == []


def test_new_groups_are_a_replacement() -> None:
    assert _found('[{"params": [net.weight]}, {"params": [net.bias]}]') == ["GF031"]
    assert _found("net.parameters()") == ["GF031"]


def test_torch_keeps_the_group_dicts_it_is_given() -> None:
    """The fact the silence rests on, run: the second optimizer reads the rate the scheduler of
    the first one writes."""
    net = torch.nn.Linear(4, 2)
    groups = [{"params": [net.weight]}, {"params": [net.bias]}]
    first = torch.optim.AdamW(groups, lr=0.01)
    sched = torch.optim.lr_scheduler.LambdaLR(first, lambda s: 0.5**s)
    second = torch.optim.AdamW(groups, lr=0.01)
    sched.step()
    assert [g["lr"] for g in second.param_groups] == [0.005, 0.005]
