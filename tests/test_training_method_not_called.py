"""GF026 with every default rule: its fix runs in a pass of its own, so the rules that read
the loop (GF001's clear, GF017's switch back to training, GF009's detached sum) judge the loop
as repaired instead of adding a second clear or a second `train()`."""

from __future__ import annotations

from gradfix.runner import Options, process_source
from gradfix.transforms import default_codes

BUGGY = """import torch
from torch import nn

net = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.5), nn.Linear(8, 1))
opt = torch.optim.SGD(net.parameters(), lr=0.1)
batches = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(5)]
for epoch in range(3):
    net.train
    running = 0
    for x, y in batches:
        opt.zero_grad
        loss = nn.functional.mse_loss(net(x), y)
        loss.backward()
        opt.step
        running += loss
    net.eval()
    with torch.no_grad():
        print(epoch, float(running), float(nn.functional.mse_loss(net(batches[0][0]), batches[0][1])))
"""

FIXED = (
    BUGGY.replace("net.train\n", "net.train()\n")
    .replace("opt.zero_grad\n", "opt.zero_grad()\n")
    .replace("opt.step\n", "opt.step()\n")
    .replace("running += loss\n", "running += loss.detach()\n")
)


def _run(data: bytes):  # type: ignore[no-untyped-def]
    return process_source("train.py", data, Options(select=frozenset(default_codes()), unsafe_fixes=False, fix=True))


def test_other_rules_read_the_repaired_loop() -> None:
    result = _run(BUGGY.encode())
    assert result.error is None, result.error
    codes = sorted(d.code for d in result.diagnostics)
    assert codes.count("GF026") == 3, codes
    assert result.fixed is not None and result.fixed.decode() == FIXED
    again = _run(result.fixed)
    assert again.fixed is None and again.diagnostics == []
