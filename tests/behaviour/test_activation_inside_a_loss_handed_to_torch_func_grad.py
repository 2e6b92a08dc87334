"""GF018 on a loss function differentiated by `torch.func` rather than by a `backward` call:
`grad(batch_loss)(params, x, y)` and `vmap(grad(sample_loss))(...)` with softmax
probabilities handed to `F.cross_entropy` / `F.nll_loss` inside the function. The fixed script
(the logits, or `log_softmax`) trains exactly like the hand fix; the same function handed only
to `vmap` (scores, never differentiated) is left as it is."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import apply_gradfix, assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(24, 5), torch.randint(0, 3, (24,))
loader = [(X[i : i + 6], Y[i : i + 6]) for i in range(0, 24, 6)]
net = nn.Sequential(nn.Linear(5, 8), nn.Tanh(), nn.Linear(8, 3))
opt = torch.optim.SGD(net.parameters(), lr=0.5)


def batch_loss(params, x, y):
    logits = functional_call(net, params, (x,))
    return LOSS


def sample_loss(params, x, y):
    return batch_loss(params, x.unsqueeze(0), y.unsqueeze(0))


losses = []
for epoch in range(3):
    for x, y in loader:
        params = {k: v.detach() for k, v in net.named_parameters()}
        GRADS
        losses.append(float(batch_loss(params, x, y)))
        for name, p in net.named_parameters():
            p.grad = grads[name]
        opt.step()
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

WHOLE = "grads = grad(batch_loss)(params, x, y)"
PER_SAMPLE = "grads = {k: g.mean(0) for k, g in vmap(grad(batch_loss), in_dims=(None, 0, 0))(params, x.unsqueeze(1), y.unsqueeze(1)).items()}"


def _script(loss: str, grads: str) -> str:
    return SCRIPT.replace("LOSS", loss).replace("GRADS", grads)


def test_softmax_into_cross_entropy_under_torch_func_grad_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = _script("F.cross_entropy(logits.softmax(dim=-1), y)", WHOLE)
    hand = _script("F.cross_entropy(logits, y)", WHOLE)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF018")


def test_softmax_into_nll_under_vmap_of_grad_fixed_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = _script("F.nll_loss(torch.softmax(logits, dim=1), y)", PER_SAMPLE)
    hand = _script("F.nll_loss(torch.log_softmax(logits, dim=1), y)", PER_SAMPLE)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF018")


def test_softmax_in_a_function_only_vmapped_stays_silent(tmp_path: Path) -> None:
    # never differentiated: the function scores samples, the training uses a plain loss
    text = _script("F.cross_entropy(logits.softmax(dim=-1), y)", WHOLE).replace(
        "grads = grad(batch_loss)(params, x, y)",
        "scores = vmap(batch_loss, in_dims=(None, 0, 0))(params, x.unsqueeze(1), y.unsqueeze(1))\n"
        "        grads = {k: torch.zeros_like(v) for k, v in params.items()}",
    ).replace("from torch.func import functional_call, grad, vmap", "from torch.func import functional_call, vmap")
    path = tmp_path / "buggy" / "train.py"
    path.parent.mkdir()
    path.write_text(text)
    fixed = apply_gradfix(path, tmp_path / "fixed", "--select", "GF018")
    assert fixed.read_text() == text
