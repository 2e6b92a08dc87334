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



# the loop steps: GF001 and GF017 read it as it is (a second optimizer for the last case)
STEPPING = BUGGY.replace("        opt.step\n", "        opt.step()\n")


def _report(data: str, unsafe: bool = False) -> list[str]:
    result = process_source("train.py", data.encode(), Options(select=frozenset(default_codes()), unsafe_fixes=unsafe, fix=False))
    assert result.error is None, result.error
    return sorted(d.code for d in result.diagnostics)


def test_report_leaves_out_what_the_named_call_settles() -> None:
    """GF001 (no clear of `opt`) and GF017 (`net` left in eval) only restate the uncalled
    `opt.zero_grad` and `net.train` of the same loop: the report shows GF026 for them; GF009's
    sum, which writing the calls does not settle, stays; the fixes are unchanged."""
    assert _report(STEPPING) == ["GF009", "GF026", "GF026"]
    fixed = _run(STEPPING.encode())
    assert fixed.fixed is not None and fixed.fixed.decode() == FIXED
    assert _run(fixed.fixed).fixed is None


def test_report_keeps_findings_about_other_objects_or_without_a_fix() -> None:
    # another optimizer than the one whose clear lacks its call: GF001 stays for it
    other = STEPPING.replace(
        "opt = torch.optim.SGD(net.parameters(), lr=0.1)\n",
        "opt = torch.optim.SGD(net.parameters(), lr=0.1)\nopt2 = torch.optim.SGD(net.parameters(), lr=0.1)\n",
    ).replace("        opt.step()\n", "        opt.step()\n        opt2.step()\n")
    assert _report(other) == ["GF001", "GF009", "GF026", "GF026"]
    # `train` where a class of the file defines one: GF026 reports it without a fix, GF017 stays
    own = STEPPING.replace("from torch import nn\n", "from torch import nn\n\n\nclass Runner:\n    def train(self):\n        pass\n\n", 1)
    assert "GF017" in _report(own)
