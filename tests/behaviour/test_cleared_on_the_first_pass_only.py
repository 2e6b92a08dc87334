"""GF001: a clear only under `if i == 0:` (or `if not step:`) clears nothing after the first
iteration, so every later step applies the sum of all gradients since. The fixed script
(`gradfix --write`: a clear at the start of each iteration) trains exactly like the hand fix,
bit for bit, and the buggy one does not. Run with real torch, in this process."""

from __future__ import annotations

import torch

from gradfix.runner import Options, process_source

_SCRIPT = """
import torch
torch.manual_seed(0)
net = torch.nn.Linear(4, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
loader = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(6)]
losses = []


def train(loader):
    for i, (x, y) in enumerate(loader):
{clear}        loss = torch.nn.functional.mse_loss(net(x), y)
        loss.backward()
        opt.step()
        losses.append(loss.item())


for epoch in range(2):
    train(loader)
"""
_BUGGY = "        if i == 0:\n            opt.zero_grad()\n"
_HAND = "        opt.zero_grad()\n"


def _run(code: str) -> tuple[list[float], list[torch.Tensor]]:
    scope: dict[str, object] = {}
    threads = torch.get_num_threads()
    try:
        exec(compile(code, "<gf001>", "exec"), scope)
    finally:
        torch.set_num_threads(threads)
    return scope["losses"], [p.detach().clone() for p in scope["net"].parameters()]  # type: ignore[return-value, attr-defined]


def test_a_clear_on_the_first_pass_only_is_fixed_like_the_hand_fix() -> None:
    buggy = _SCRIPT.format(clear=_BUGGY)
    result = process_source("gf001.py", buggy.encode(), Options(select=frozenset({"GF001"}), unsafe_fixes=False, fix=True))
    assert result.error is None, result.error
    assert [d.code for d in result.diagnostics] == ["GF001"]
    assert result.fixed is not None
    fixed_losses, fixed_weights = _run(result.fixed.decode())
    hand_losses, hand_weights = _run(_SCRIPT.format(clear=_HAND))
    buggy_losses, buggy_weights = _run(buggy)
    assert fixed_losses == hand_losses
    assert all(torch.equal(a, b) for a, b in zip(fixed_weights, hand_weights))
    assert buggy_losses != hand_losses
    assert not all(torch.equal(a, b) for a, b in zip(buggy_weights, hand_weights))
    again = process_source("gf001.py", result.fixed, Options(select=frozenset({"GF001"}), unsafe_fixes=False, fix=True))
    assert again.fixed is None and not again.diagnostics
