"""The loop gate's stage tuples (`STAGES = (micro_step, log)` ... `for run in STAGES: state =
run(state)`) are looked for in a module's assignments only when its text writes one of its
backpropagating functions as an element (before `,`, `)`, `]`, `;`, a comment, a backslash or
the line's end): every way of writing such a tuple or list passes that test and is read as
before; a module that only defines and calls its functions does not build the statement index
for it."""

from __future__ import annotations

import pytest

from gradfix.analysis.loops import _writes_as_element
from gradfix.runner import Options, process_source

HEAD = """import torch
from torch import nn

ACCUM = 4


def micro_step(state):
    model = state["model"]
    model.zero_grad()
    loss = nn.functional.cross_entropy(model(state["x"]), state["y"]) / ACCUM
    loss.backward()
    if (state["i"] + 1) % ACCUM == 0:
        opt = state["opt"]
        opt.step()
    return state


def log(state):
    print(state["i"])
    return state


"""

LOOP = """

def main(model, loader):
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    state = {"model": model, "opt": opt}
    for i, (x, y) in enumerate(loader):
        state.update(i=i, x=x, y=y)
        for run in STAGES:
            state = run(state)
"""

WRITTEN = {
    "parenthesized": "STAGES = (micro_step, log)",
    "bare tuple, last": "STAGES = log, micro_step",
    "bare tuple, first": "STAGES = micro_step, log",
    "one element": "STAGES = (micro_step,)",
    "list, one element": "STAGES = [micro_step]",
    "list, spaced": "STAGES = [log ,  micro_step\t]",
    "lines and comments": "STAGES = (\n    log,\n    micro_step  # the training stage\n)",
    "element alone on its line": "STAGES = (\n    micro_step\n    , log\n)",
    "backslash": "STAGES = log, \\\n    micro_step",
    "semicolon": "STAGES = log, micro_step; EXTRA = 1",
    "end of file": None,
}


def _codes(text: str) -> list[str]:
    result = process_source("train.py", text.encode(), Options(select=frozenset({"GF011"}), unsafe_fixes=True, fix=False))
    assert result.error is None
    return [d.code for d in result.diagnostics]


@pytest.mark.parametrize("shape", sorted(WRITTEN))
def test_every_way_of_writing_the_stage_tuple_is_read(shape: str) -> None:
    written = WRITTEN[shape]
    if written is None:  # the tuple as the module's last line, without a newline after it
        text = HEAD + LOOP + "\n\nSTAGES = log, micro_step"
    else:
        text = HEAD + written + "\n" + LOOP
    assert _codes(text) == ["GF011"]


def test_the_start_reads_the_same_module_the_same() -> None:
    # the loop without any tuple of the stage functions: nothing to run, nothing reported
    text = HEAD + "STAGES = ()\n" + LOOP
    assert _codes(text) == []


def test_writes_as_element() -> None:
    names = {"micro_step"}
    assert _writes_as_element("x = (micro_step, log)", names)
    assert _writes_as_element("x = [log, micro_step]", names)
    assert _writes_as_element("x = log, micro_step", names)
    assert _writes_as_element("x = log, micro_step\n", names)
    assert _writes_as_element("x = (micro_step  # c\n)", names)
    assert _writes_as_element("x = log, \\\n micro_step;", names)
    # defined and called only: no element
    assert not _writes_as_element("def micro_step(state):\n    return state\n\nmicro_step(s)\nmicro_step (s)\n", names)
    # a longer identifier, or the name inside one
    assert not _writes_as_element("x = (micro_step_2, log)\ny = (a_micro_step, log)\n", names)
    # written after a word or an attribute's dot (`return micro_step`, `self.micro_step,`),
    # not after `=`, `(`, `[`, `,` or a line's start: no element of a tuple or list
    assert not _writes_as_element("    return micro_step\nhooks.micro_step, 1\nf(x).micro_step)\n", names)
    assert _writes_as_element("x = (\n\tmicro_step\n)", names)
    assert _writes_as_element("x=[micro_step]", names)
    assert not _writes_as_element("", names)
    assert not _writes_as_element("x = (micro_step, log)", set())
