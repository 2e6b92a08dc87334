"""GF020 on a schedule counted in micro-batches (`total_iters=epochs * len(loader)`) stepped
beside the optimizer once per accumulation window: with real torch the linear decay covers
only 1/accum of its curve (the learning rate ends near 1 - 1/accum of its start, not at its
end), while a horizon divided by the window runs the whole curve. gradfix reports the first
(without a fix: which side to change is the author's) and not the second."""

from __future__ import annotations

import torch

from gradfix.runner import Options, process_source

SCRIPT = """import torch


def fit(model, loader, epochs, accum):
    opt = torch.optim.SGD(model.parameters(), lr=1.0)
    sched = torch.optim.lr_scheduler.LinearLR(opt, start_factor=1.0, end_factor=0.0, total_iters=HORIZON)
    for epoch in range(epochs):
        for i, (x, y) in enumerate(loader):
            (torch.nn.functional.mse_loss(model(x), y) / accum).backward()
            if (i + 1) % accum == 0:
                opt.step()
                sched.step()
                opt.zero_grad(set_to_none=True)
    return opt.param_groups[0]["lr"]
"""


def _run(code: str) -> float:
    scope: dict[str, object] = {}
    exec(compile(code, "<gf020>", "exec"), scope)
    torch.manual_seed(0)
    loader = [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(8)]
    return scope["fit"](torch.nn.Linear(3, 1), loader, 3, 4)  # type: ignore[operator, no-any-return]


def _codes(code: str) -> list[str]:
    result = process_source("fit.py", code.encode(), Options(select=frozenset({"GF020"}), unsafe_fixes=True, fix=True))
    assert result.error is None, result.error
    assert result.fixed is None
    return [d.code for d in result.diagnostics]


def test_a_micro_batch_horizon_stepped_per_window_covers_a_quarter_of_the_decay() -> None:
    undivided = SCRIPT.replace("HORIZON", "epochs * len(loader)")
    divided = SCRIPT.replace("HORIZON", "epochs * len(loader) // accum")
    assert abs(_run(undivided) - 0.75) < 1e-6  # 6 window steps of a 24-step decay
    assert abs(_run(divided)) < 1e-6  # 6 of 6: the end of the curve
    assert _codes(undivided) == ["GF020"]
    assert _codes(divided) == []
