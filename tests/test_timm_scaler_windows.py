"""Accumulation windows of timm's loss scalers: `loss_scaler(loss, opt, need_update=flag)`
backpropagates every micro-batch and steps only when `flag` is true, and `if not flag:
continue` after it ends the other micro-batches (GF005, GF006, GF011, GF015 read that window);
`loss_scaler(loss, opt, need_update=False)` in one arm of a window's `if` only backpropagates."""

from __future__ import annotations

import textwrap

from gradfix.runner import Options, process_source

TOLD = """
    import torch
    from timm.utils import NativeScaler

    net = torch.nn.Linear(6, 2)
    sgd = torch.optim.SGD(net.parameters(), lr=0.05)
    scaler = NativeScaler()
    batches = [(torch.randn(3, 6), torch.randn(3, 2))] * 7
    WINDOW = 3
    n = 0
    while n < len(batches):
        x, y = batches[n]
        update_now = UPDATE
        loss = LOSS
        CLEAR_EACH
        scaler(loss, sgd, need_update=update_now)
        n += 1
        if not update_now:
            continue
        sgd.zero_grad()
"""


def _codes(text: str, **parts: str) -> list[tuple[str, int]]:
    for key, value in {"UPDATE": "(n + 1) % WINDOW == 0 or n + 1 == len(batches)", "LOSS": "torch.nn.functional.mse_loss(net(x), y) / WINDOW", "CLEAR_EACH": "pass", **parts}.items():
        text = text.replace(key, value)
    result = process_source("case.py", textwrap.dedent(text).encode(), Options(select=frozenset({"GF005", "GF006", "GF011", "GF015"})))
    assert result.error is None, result.error
    return sorted((d.code, d.line) for d in result.diagnostics)


def test_correct_window_in_a_while_loop_is_silent() -> None:
    assert _codes(TOLD) == []


def test_undivided_loss_is_reported_at_the_scaler_call() -> None:
    assert _codes(TOLD, LOSS="torch.nn.functional.mse_loss(net(x), y)") == [("GF005", 16)]


def test_window_without_its_tail_is_reported() -> None:
    assert _codes(TOLD, UPDATE="(n + 1) % WINDOW == 0") == [("GF006", 16)]


def test_window_that_steps_on_the_first_micro_batch_is_reported() -> None:
    assert [c for c, _ in _codes(TOLD, UPDATE="n % WINDOW == 0 or n + 1 == len(batches)")] == ["GF015"]


def test_clear_on_every_micro_batch_is_reported() -> None:
    assert [c for c, _ in _codes(TOLD, CLEAR_EACH="sgd.zero_grad()")] == ["GF011"]


def test_scaler_told_another_flag_than_the_guard_reads_is_no_window() -> None:
    other = TOLD.replace("need_update=update_now", "need_update=True")
    assert _codes(other, LOSS="torch.nn.functional.mse_loss(net(x), y)") == []


ARMS = """
    import torch
    from timm.utils import NativeScaler

    ACC = 4


    def epoch(model, loader, opt, amp):
        for k, (x, y) in enumerate(loader):
            loss = LOSS
            if (k + 1) % ACC == 0 or k + 1 == len(loader):
                amp(loss, opt)
                opt.zero_grad()
            else:
                amp(loss, opt, need_update=False)


    model = torch.nn.Linear(5, 1)
    epoch(model, [(torch.randn(2, 5), torch.randn(2, 1))] * 9, torch.optim.Adam(model.parameters()), NativeScaler())
"""


def test_scaler_told_not_to_step_in_the_other_arm_backpropagates_only() -> None:
    assert _codes(ARMS, LOSS="torch.nn.functional.mse_loss(model(x), y) / ACC") == []
    assert _codes(ARMS, LOSS="torch.nn.functional.mse_loss(model(x), y)") == [("GF005", 12)]
