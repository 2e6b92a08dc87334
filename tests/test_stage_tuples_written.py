"""The loop gate's stage tuples (`STAGES = (micro_step, log)` ... `for run in STAGES: state =
run(state)`), in every way of writing a tuple or list of names (bare, one element, a list, over
lines with comments, after a backslash, before a semicolon, as the file's last line): each opens
the loop and the stage's clear inside the accumulation is reported. A cheaper text test for the
search (the sixty-second session's `_writes_as_element`, measured at -0.13% and not kept) must
keep every one of these."""

from __future__ import annotations

import pytest

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


def test_an_empty_stage_tuple_runs_nothing() -> None:
    # the loop without any tuple of the stage functions: nothing to run, nothing reported
    text = HEAD + "STAGES = ()\n" + LOOP
    assert _codes(text) == []
