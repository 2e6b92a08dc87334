"""GF015 reads the `enumerate` index of the loop around the accumulation loop (`for i, (x, y) in
enumerate(loader):` ... `for model, opt in members:` holding `if i % N == 0:`), only when the outer
loop hands out the batch the inner loop trains on; GF006 does not read that index (the tail of
the members' loop is not the data's). A loop of phases around a loop over the data whose test
reads the phase's number is no window of micro-batches for GF015."""

from __future__ import annotations

import textwrap

from gradfix.runner import Options, process_source


def _codes(text: str, select: str) -> list[tuple[str, int]]:
    source = textwrap.dedent(text).encode()
    result = process_source("train.py", source, Options(select=frozenset(select.split(","))))
    assert result.error is None, result.error
    return [(d.code, d.line) for d in result.diagnostics]


MEMBERS = """
    import torch.nn.functional as F

    def train(members, batches, accum):
        for i, (x, y) in enumerate(batches):
            for net, opt in members:
                (F.mse_loss(net(x), y) / accum).backward()
                if i % accum == 0:
                    opt.step()
                    opt.zero_grad()
"""


def test_ensemble_window_reads_the_batch_loops_index() -> None:
    assert _codes(MEMBERS, "GF015") == [("GF015", 8)]


def test_ensemble_window_from_one_is_silent() -> None:
    assert _codes(MEMBERS.replace("enumerate(batches)", "enumerate(batches, start=1)"), "GF015") == []


def test_no_flush_finding_from_the_outer_index() -> None:
    # the members' loop ends after each batch: a flush after it is no flush of the data's tail
    assert _codes(MEMBERS.replace("i % accum == 0", "(i + 1) % accum == 0"), "GF006") == []


def test_index_rebound_in_the_batch_loop_is_not_read() -> None:
    text = MEMBERS.replace("for net, opt in members:", "i = i * 2\n            for net, opt in members:")
    assert _codes(text, "GF015") == []


def test_phase_number_around_a_loop_over_the_data_is_no_window() -> None:
    text = """
        import torch

        def run(model, optimizer, loader, phases):
            for phase_no, phase in enumerate(phases):
                for x, y in loader:
                    loss = torch.nn.functional.cross_entropy(model(x), y)
                    loss.backward()
                    if phase_no % 2 == 0:
                        optimizer.step()
                    optimizer.zero_grad()
    """
    assert _codes(text, "GF015") == []
