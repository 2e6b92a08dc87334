"""GF028: an A3C worker's guarded hand-over keeps the shared model on its first gradients.
Run in one process with real torch: the fixed script (the shared optimizer cleared next to the
local clear) trains exactly like a hand fix whose local clear keeps the tensors
(`zero_grad(set_to_none=False)`, what torch before 2.0 did), and the buggy script trains
otherwise: its shared model steps on the same gradient at every update."""

from __future__ import annotations

from pathlib import Path

from .harness import apply_gradfix, assert_same_training, run_script, training_differences

SCRIPT = '''import copy
import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(48, 5), torch.randn(48, 1)
norms = []


def ensure_shared_grads(model, shared_model):
    for param, shared_param in zip(model.parameters(), shared_model.parameters()):
        if shared_param.grad is not None:
            return
        shared_param._grad = param.grad


def worker(model, shared_model, optimizer, losses):
    i = 0
    while i < 48:
        model.load_state_dict(shared_model.state_dict())
        loss = F.mse_loss(model(X[i : i + 8]), Y[i : i + 8])
        model.zero_grad()
        loss.backward()
        ensure_shared_grads(model, shared_model)
        optimizer.step()
        norms.append(round(float(sum(p.grad.norm() ** 2 for p in shared_model.parameters()) ** 0.5), 6))
        losses.append(loss.item())
        i += 8


losses = []
shared = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))
local = copy.deepcopy(shared)
for epoch in range(2):
    worker(local, shared, torch.optim.SGD(shared.parameters(), lr=0.05), losses)

digest = hashlib.sha256()
for param in shared.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest(), "extra": {"norms": norms}}))
'''

# the hand fix keeps the local tensors, which the shared parameters hold (torch < 2.0's clear)
HAND = SCRIPT.replace("        model.zero_grad()\n", "        model.zero_grad(set_to_none=False)\n")
# gradfix clears the shared optimizer next to the local clear
FIXED = SCRIPT.replace("        model.zero_grad()\n", "        model.zero_grad()\n        optimizer.zero_grad()\n")


def test_a_worker_clearing_the_shared_optimizer_too_trains_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = tmp_path / "buggy" / "a3c.py"
    hand = tmp_path / "hand" / "a3c.py"
    for path, text in ((buggy, SCRIPT), (hand, HAND)):
        path.parent.mkdir()
        path.write_text(text)
    fixed = apply_gradfix(buggy, tmp_path / "fixed")
    assert fixed.read_text() == FIXED
    expected = run_script(hand)
    assert_same_training(run_script(fixed), expected)
    stale = run_script(buggy)
    assert training_differences(stale, expected)
    # the buggy worker's shared model steps on its first gradient at every update
    assert len(set(stale["extra"]["norms"])) == 1
    assert len(set(expected["extra"]["norms"])) == len(expected["extra"]["norms"])


# a guarded *copy*: stale in every torch version, whatever the local clear does; the hand fix
# hands over a fresh copy at every update (no guard)
COPY = SCRIPT.replace("shared_param._grad = param.grad\n", "shared_param._grad = param.grad.clone()\n")
COPY_HAND = COPY.replace("        if shared_param.grad is not None:\n            return\n", "")
COPY_FIXED = COPY.replace("        model.zero_grad()\n", "        model.zero_grad()\n        optimizer.zero_grad(set_to_none=True)\n")


def test_a_guarded_copy_refreshed_by_the_shared_clear_trains_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = tmp_path / "buggy" / "a3c.py"
    hand = tmp_path / "hand" / "a3c.py"
    for path, text in ((buggy, COPY), (hand, COPY_HAND)):
        path.parent.mkdir()
        path.write_text(text)
    fixed = apply_gradfix(buggy, tmp_path / "fixed")
    assert fixed.read_text() == COPY_FIXED
    expected = run_script(hand)
    assert_same_training(run_script(fixed), expected)
    stale = run_script(buggy)
    assert training_differences(stale, expected)
    assert len(set(stale["extra"]["norms"])) == 1
