"""GF032's mirror (detection only): the generator's optimizer steps on the gradient the
discriminator's loss wrote into the generator. Run with real torch, a VQGAN-like order (the
generator's backward, the discriminator cleared, the discriminator's loss on the generator's
output undetached backpropagated, then both steps) steps the generator on its own loss's
gradient plus the discriminator's; the hand fixes (the generator's output detached in the
discriminator's loss, or the generator stepped before that backward) step it on its own
loss's gradient only. gradfix reports the buggy loop at the generator's step and stays silent
on the fixed ones and on the other correct orders."""

from __future__ import annotations

import torch

from gradfix.runner import Options, process_source

_HEAD = """
import torch
import torch.nn.functional as F
torch.manual_seed(0)
G = torch.nn.Linear(4, 4)
D = torch.nn.Linear(4, 1)
batches = [(torch.randn(8, 4), torch.randn(8, 4)) for _ in range(3)]
seen = []  # G's gradient at each of its steps, and the gradient of G's own loss alone
"""
_LOOP = """
def train(G, D, batches):
    opt_g = torch.optim.SGD(G.parameters(), lr=0.1)
    opt_d = torch.optim.SGD(D.parameters(), lr=0.1)
    for z, real in batches:
        fake = G(z)
        d_real = D(real)
        d_fake = D(fake)
        g_loss = F.l1_loss(fake, real) - d_fake.mean()
        d_loss = F.relu(1 - d_real).mean() + F.relu(1 + {fake_for_d}).mean()
        own = torch.autograd.grad(g_loss, list(G.parameters()), retain_graph=True)
        opt_g.zero_grad()
        g_loss.backward(retain_graph=True)
{body}

train(G, D, batches)
"""
_RECORD = "        seen.append(([p.grad.clone() for p in G.parameters()], own))\n"
_BUGGY_ORDER = "        opt_d.zero_grad()\n        d_loss.backward()\n" + _RECORD + "        opt_g.step()\n        opt_d.step()\n"
_STEP_FIRST = _RECORD + "        opt_g.step()\n        opt_d.zero_grad()\n        d_loss.backward()\n        opt_d.step()\n"
_FROZEN = (
    "        opt_d.zero_grad()\n        for p in G.parameters():\n            p.requires_grad_(False)\n"
    "        d_loss.backward()\n        for p in G.parameters():\n            p.requires_grad_(True)\n"
    + _RECORD + "        opt_g.step()\n        opt_d.step()\n"
)


def _code(body: str, fake_for_d: str = "d_fake") -> str:
    return _HEAD + _LOOP.replace("{body}", body.rstrip("\n")).replace("{fake_for_d}", fake_for_d)


def _run(code: str) -> tuple[list, list[torch.Tensor]]:  # type: ignore[type-arg]
    scope: dict[str, object] = {}
    threads = torch.get_num_threads()
    try:
        exec(compile(code, "<gf032-mirror>", "exec"), scope)
    finally:
        torch.set_num_threads(threads)
    return scope["seen"], [p.detach().clone() for p in scope["G"].parameters()]  # type: ignore[attr-defined, return-value]


def _findings(code: str) -> list[tuple[str, int, str]]:
    result = process_source("gf032.py", code.encode(), Options(select=frozenset({"GF032"}), unsafe_fixes=False, fix=True))
    assert result.error is None, result.error
    assert result.fixed is None  # detection only
    return [(d.code, d.line, d.message) for d in result.diagnostics]


def _own_only(seen: list) -> list[bool]:  # type: ignore[type-arg]
    return [all(torch.allclose(g, o) for g, o in zip(grads, own)) for grads, own in seen]


def test_undetached_discriminator_loss_before_the_generators_step_moves_the_generator() -> None:
    buggy = _code(_BUGGY_ORDER)
    detached = _code(_BUGGY_ORDER, "D(fake.detach())")
    step_first = _code(_STEP_FIRST)
    seen_buggy, g_buggy = _run(buggy)
    seen_detached, g_detached = _run(detached)
    seen_first, g_first = _run(step_first)
    assert _own_only(seen_buggy) == [False, False, False]  # every generator step adds d_loss's gradient
    assert _own_only(seen_detached) == [True, True, True]
    assert _own_only(seen_first) == [True, True, True]
    # both hand fixes train the generator alike; the buggy loop trains it otherwise
    assert all(torch.allclose(a, b) for a, b in zip(g_detached, g_first))
    assert not all(torch.allclose(a, b) for a, b in zip(g_buggy, g_detached))
    line = buggy.splitlines().index("        opt_g.step()") + 1
    found = _findings(buggy)
    assert [(c, n) for c, n, _ in found] == [("GF032", line)]
    assert "`d_loss.backward()`" in found[0][2] and "into `G` through `D(fake)`" in found[0][2]
    assert _findings(detached) == []
    assert _findings(step_first) == []


def test_a_generator_frozen_for_the_discriminators_backward_is_silent_and_steps_on_its_own_loss() -> None:
    frozen = _code(_FROZEN)
    seen, _ = _run(frozen)
    assert _own_only(seen) == [True, True, True]
    assert _findings(frozen) == []


def test_the_generator_cleared_after_its_step_carries_the_discriminators_gradient_into_the_next_step() -> None:
    """`opt_g.step(); opt_g.zero_grad()` then the undetached discriminator's loss: its gradient
    waits in G until the next iteration's generator step."""
    body = (
        "        opt_g.step()\n        opt_g.zero_grad()\n        opt_d.zero_grad()\n        d_loss.backward()\n        opt_d.step()\n"
    )
    code = _code(body).replace("        opt_g.zero_grad()\n        g_loss.backward(retain_graph=True)\n", "        g_loss.backward(retain_graph=True)\n" + _RECORD, 1)
    seen, g_buggy = _run(code)
    assert _own_only(seen) == [True, False, False]  # the first step is clean; each later one is not
    _, g_fixed = _run(code.replace("F.relu(1 + d_fake)", "F.relu(1 + D(fake.detach()))"))
    assert not all(torch.allclose(a, b) for a, b in zip(g_buggy, g_fixed))
    line = code.splitlines().index("        opt_g.step()") + 1
    found = _findings(code)
    assert [(c, n) for c, n, _ in found] == [("GF032", line)]
    assert "in the next iteration" in found[0][2]
