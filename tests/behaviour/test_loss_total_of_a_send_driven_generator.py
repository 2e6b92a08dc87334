"""GF009 in a `send`-driven generator trainer: the epoch total is reset in the `"start"` arm
and grown by the loss tensor in the `"batch"` arm, so every batch of an epoch chains its graph
to the total (`message = yield reply` binds what is sent, not the reply the total flows into).
With real torch, the fixed generator (`running += loss.detach()`) trains exactly like the
buggy one (same weights, same totals) and its total holds no graph; the buggy total does."""

from __future__ import annotations

import torch

from gradfix.runner import Options, process_source

TRAINER = """import torch


def session(net, optimizer):
    reply = None
    while True:
        message = yield reply
        if message[0] == "epoch":
            running = 0.0
            reply = None
        elif message[0] == "batch":
            _, x, y = message
            optimizer.zero_grad(set_to_none=True)
            loss = torch.nn.functional.mse_loss(net(x), y)
            loss.backward()
            optimizer.step()
            running += loss
            reply = None
        else:
            reply = running
"""


def _drive(code: str) -> tuple[list[torch.Tensor], list[float], list[bool]]:
    scope: dict[str, object] = {}
    exec(compile(code, "<gf009>", "exec"), scope)
    torch.manual_seed(0)
    net = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Tanh(), torch.nn.Linear(4, 1))
    gen = scope["session"](net, torch.optim.SGD(net.parameters(), lr=0.1))  # type: ignore[operator]
    next(gen)
    totals, graphs = [], []
    for epoch in range(2):
        gen.send(("epoch",))
        for _ in range(5):
            gen.send(("batch", torch.randn(4, 3), torch.randn(4, 1)))
        total = gen.send(("end",))
        totals.append(float(total.detach()))
        graphs.append(total.grad_fn is not None)
    return [p.detach().clone() for p in net.parameters()], totals, graphs


def test_the_generators_total_keeps_no_graph_once_fixed() -> None:
    result = process_source("session.py", TRAINER.encode(), Options(select=frozenset({"GF009"}), fix=True))
    assert result.error is None, result.error
    assert [d.code for d in result.diagnostics] == ["GF009"]
    fixed = result.fixed.decode()  # type: ignore[union-attr]
    assert fixed == TRAINER.replace("running += loss\n", "running += loss.detach()\n")
    weights, totals, graphs = _drive(fixed)
    buggy_weights, buggy_totals, buggy_graphs = _drive(TRAINER)
    assert all(torch.equal(a, b) for a, b in zip(weights, buggy_weights))
    assert totals == buggy_totals
    assert graphs == [False, False] and buggy_graphs == [True, True]
