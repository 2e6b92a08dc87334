"""The gates that spare GF017's frozen-part findings a walk of the iteration's modes
(`_frozen_then_evaluated`, `_freezes_inside`) never skip a loop those findings could read:
checked against the walk itself on every GF017 fixture and on cases written here."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from gradfix.analysis.loops import build_model
from gradfix.analysis.modes import ModeKind, mode_items
from gradfix.source import Source
from gradfix.transforms.gf017_eval_mode_not_restored import _freezes, _freezes_inside, _frozen_in_eval, _frozen_then_evaluated

FIXTURES = sorted((Path(__file__).parent / "before_after" / "GF017_eval_mode_not_restored").glob("*.py"))

CASES = {
    "frozen_in_a_while_loop": """
        import torch
        class Net(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.enc = torch.nn.Linear(2, 2)
                self.head = torch.nn.Linear(2, 1)
            def forward(self, x):
                return self.head(self.enc(x))
        net = Net()
        opt = torch.optim.SGD(net.parameters(), lr=0.1)
        step = 0
        while step < 10:
            if step == 0:
                net.enc.requires_grad_(False)
                net.enc.eval()
            net.train()
            loss = net(torch.ones(1, 2)).sum()
            opt.zero_grad()
            loss.backward()
            opt.step()
            step += 1
    """,
    "frozen_before_with_a_parameters_loop": """
        import torch
        class Net(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.backbone = torch.nn.Linear(2, 2)
                self.head = torch.nn.Linear(2, 1)
            def forward(self, x):
                return self.head(self.backbone(x))
        model = Net()
        for p in model.backbone.parameters():
            p.requires_grad = False
        model.backbone.eval()
        opt = torch.optim.SGD(model.head.parameters(), lr=0.1)
        for epoch in range(3):
            model.train()
            loss = model(torch.ones(1, 2)).sum()
            opt.zero_grad()
            loss.backward()
            opt.step()
    """,
    "no_freezing_at_all": """
        import torch
        model = torch.nn.Linear(2, 1)
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
        for epoch in range(3):
            model.train()
            for x in [torch.ones(1, 2)]:
                loss = model(x).sum()
                opt.zero_grad()
                loss.backward()
                opt.step()
            model.eval()
    """,
}


def _sources() -> list[tuple[str, str]]:
    found = [(path.name, path.read_text()) for path in FIXTURES]
    found += [(name, textwrap.dedent(text)) for name, text in CASES.items()]
    return found


def _check(text: str) -> tuple[int, int]:
    """(loops whose freezing-in-the-iteration gate opens, loops whose before-the-loop gate opens);
    asserts that each closed gate closes only on loops where the walk finds nothing to read."""
    source = Source.from_bytes(text.encode(), "case.py")
    model = build_model(source, None)
    opened_inside = opened_before = 0
    for loop in model.loops:
        if loop.is_step_function:
            continue
        items = mode_items(loop, model)
        if _freezes_inside(loop.node, source):
            opened_inside += 1
        else:
            for item in items:
                if item.kind is ModeKind.EVAL and not item.via and item.blocks:
                    assert not any(_freezes(stmt, item.key, source) for stmt in item.blocks[-1])
        outer = loop.enclosing_loops[0] if loop.enclosing_loops else loop.node
        block = source.block_of(outer)
        if block is None:
            continue
        before = block[: next((i for i, stmt in enumerate(block) if stmt is outer), 0)]
        if _frozen_then_evaluated(before, source):
            opened_before += 1
        else:
            for item in items:
                for key in item.keys:
                    if key:
                        assert _frozen_in_eval(key, before, model) == []
    return opened_inside, opened_before


@pytest.mark.parametrize("name,text", _sources(), ids=[name for name, _ in _sources()])
def test_a_closed_gate_skips_nothing_the_walk_would_read(name: str, text: str) -> None:
    _check(text)


def test_the_gates_open_where_a_part_is_frozen() -> None:
    assert _check(textwrap.dedent(CASES["frozen_in_a_while_loop"]))[0] == 1
    assert _check(textwrap.dedent(CASES["frozen_before_with_a_parameters_loop"]))[1] == 1
    assert _check(textwrap.dedent(CASES["no_freezing_at_all"])) == (0, 0)
    opened = [_check(text) for name, text in _sources() if name.startswith("frozen_part")]
    assert opened and all(inside or before for inside, before in opened)
