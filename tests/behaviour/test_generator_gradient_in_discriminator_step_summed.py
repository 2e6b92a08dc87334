"""GF032 (detection only), the summed form: one backward of the discriminator's and the
generator's losses added together, then both optimizers stepped. Run with real torch, the
discriminator steps on its own loss's gradient plus the generator's adversarial gradient; the
hand fix (two backwards, the discriminator's optimizer cleared between them, the fakes
detached in its loss) steps it on its own loss's gradient only. gradfix reports the summed
loops at the discriminator's step and stays silent on the hand-fixed ones."""

from __future__ import annotations

import torch

from gradfix.runner import Options, process_source

_HEAD = """
import torch
from torch import nn
torch.manual_seed(0)
G = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 4))
D = nn.Sequential(nn.Linear(4, 8), nn.LeakyReLU(0.2), nn.Linear(8, 1))
bce = nn.BCEWithLogitsLoss()
batches = [(torch.randn(16, 4), torch.randn(16, 4)) for _ in range(3)]
seen = []  # D's gradient at each of its steps, and the gradient of D's own loss alone
"""
_SUMMED = """
def train(G, D, batches):
    opt_g = torch.optim.Adam(G.parameters(), lr=2e-4)
    opt_d = torch.optim.Adam(D.parameters(), lr=2e-4)
    for real, z in batches:
        fake = G(z)
        opt_d.zero_grad()
        opt_g.zero_grad()
        d_loss = bce(D(real), torch.ones(16, 1)) + bce(D({fake}), torch.zeros(16, 1))
        g_loss = bce(D(fake), torch.ones(16, 1))
        own = torch.autograd.grad(d_loss, list(D.parameters()), retain_graph=True)
        {backward}
        seen.append(([p.grad.clone() for p in D.parameters()], own))
        opt_d.step()
        opt_g.step()


train(G, D, batches)
"""
_FORMS = {
    "plain": "(d_loss + g_loss).backward()",
    "total": "total = d_loss + g_loss\n        total.backward()",
    "stacked": "torch.stack([d_loss, g_loss]).sum().backward()",
}
_HAND_FIXED = """
def train(G, D, batches):
    opt_g = torch.optim.Adam(G.parameters(), lr=2e-4)
    opt_d = torch.optim.Adam(D.parameters(), lr=2e-4)
    for real, z in batches:
        fake = G(z)
        opt_d.zero_grad()
        d_loss = bce(D(real), torch.ones(16, 1)) + bce(D(fake.detach()), torch.zeros(16, 1))
        own = torch.autograd.grad(d_loss, list(D.parameters()), retain_graph=True)
        d_loss.backward()
        seen.append(([p.grad.clone() for p in D.parameters()], own))
        opt_d.step()
        opt_g.zero_grad()
        g_loss = bce(D(fake), torch.ones(16, 1))
        g_loss.backward()
        opt_g.step()


train(G, D, batches)
"""


def _run(code: str) -> tuple[list, list[torch.Tensor]]:  # type: ignore[type-arg]
    scope: dict[str, object] = {}
    threads = torch.get_num_threads()
    try:
        exec(compile(code, "<gf032>", "exec"), scope)
    finally:
        torch.set_num_threads(threads)
    return scope["seen"], [p.detach().clone() for p in scope["D"].parameters()]  # type: ignore[attr-defined, return-value]


def _findings(code: str) -> list[tuple[str, int]]:
    result = process_source("gf032.py", code.encode(), Options(select=frozenset({"GF032"}), unsafe_fixes=False, fix=True))
    assert result.error is None, result.error
    assert result.fixed is None  # detection only
    return [(d.code, d.line) for d in result.diagnostics]


def _own_only(seen: list) -> list[bool]:  # type: ignore[type-arg]
    return [all(torch.allclose(g, o) for g, o in zip(grads, own)) for grads, own in seen]


def test_hand_fix_steps_the_discriminator_on_its_own_loss_only() -> None:
    code = _HEAD + _HAND_FIXED
    seen, _ = _run(code)
    assert _own_only(seen) == [True, True, True]
    assert _findings(code) == []


def test_summed_losses_step_the_discriminator_on_the_generators_gradient() -> None:
    _, d_fixed = _run(_HEAD + _HAND_FIXED)
    for form, backward in _FORMS.items():
        for fake in ("fake", "fake.detach()"):
            code = _HEAD + _SUMMED.replace("{backward}", backward).replace("{fake}", fake)
            seen, d_summed = _run(code)
            assert _own_only(seen) == [False, False, False], (form, fake)  # each step adds the generator's gradient
            assert not all(torch.allclose(a, b) for a, b in zip(d_summed, d_fixed)), (form, fake)
            line = code.splitlines().index("        opt_d.step()") + 1
            assert _findings(code) == [("GF032", line)], (form, fake)


def test_frozen_discriminator_for_the_generators_term_is_silent_and_steps_on_its_own_loss() -> None:
    """`requires_grad_(False)` on D while the generator's term is built: the sum's backward
    writes D's own loss's gradient only (the fakes detached in D's loss)."""
    freeze = (
        "for p in D.parameters():\n            p.requires_grad_(False)\n        g_loss = bce(D(fake), torch.ones(16, 1))\n"
        "        for p in D.parameters():\n            p.requires_grad_(True)\n        "
    )
    code = _HEAD + _SUMMED.replace("{fake}", "fake.detach()").replace(
        "        g_loss = bce(D(fake), torch.ones(16, 1))\n", ""
    ).replace("own = ", freeze + "own = ").replace("{backward}", _FORMS["plain"])
    seen, _ = _run(code)
    assert _own_only(seen) == [True, True, True]
    assert _findings(code) == []
