"""GF027: an A3C worker hands its local gradients to the shared model and never clears them.
Run in one process with real torch: the fixed script (`model.zero_grad()` inserted before each
worker's backward) trains exactly like a hand fix that clears the local model right after the
hand-over instead, and the buggy script trains otherwise (the local gradients add up: with
`zero_grad()` setting the shared gradients to None since torch 2.0, or with a cloned
hand-over whatever the shared clear does). The first shared optimizer is built over parameter
groups of the shared model's layers."""

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


def ensure_shared_grads(model, shared_model):
    for param, shared_param in zip(model.parameters(), shared_model.parameters()):
        if shared_param.grad is not None:
            return
        shared_param._grad = param.grad


def worker(model, shared_model, optimizer, losses):
    i = 0
    while True:
        model.load_state_dict(shared_model.state_dict())
        loss = F.mse_loss(model(X[i : i + 8]), Y[i : i + 8])
        optimizer.zero_grad()
        loss.backward()
        ensure_shared_grads(model, shared_model)
        #HAND_A
        optimizer.step()
        losses.append(loss.item())
        i += 8
        if i >= 48:
            break


def push_and_pull(opt, lnet, gnet, x, y, losses):
    loss = F.mse_loss(lnet(x), y)
    opt.zero_grad(set_to_none=False)
    loss.backward()
    for lp, gp in zip(lnet.parameters(), gnet.parameters()):
        gp._grad = lp.grad.clone()
    #HAND_B
    opt.step()
    lnet.load_state_dict(gnet.state_dict())
    losses.append(loss.item())


losses = []
shared = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))
local = copy.deepcopy(shared)
worker(local, shared, torch.optim.Adam([{"params": shared[0].parameters()}, {"params": shared[2].parameters(), "lr": 0.02}], lr=0.01), losses)

gnet = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))
lnet = copy.deepcopy(gnet)
opt = torch.optim.SGD(gnet.parameters(), lr=0.05, momentum=0.9)
for epoch in range(2):
    for i in range(0, 48, 8):
        push_and_pull(opt, lnet, gnet, X[i : i + 8], Y[i : i + 8], losses)

digest = hashlib.sha256()
for param in [*shared.parameters(), *gnet.parameters()]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

BUGGY = SCRIPT.replace("        #HAND_A\n", "").replace("    #HAND_B\n", "")
# the hand fix clears each local model right after the hand-over (the shared model holds the tensors)
HAND = SCRIPT.replace("        #HAND_A\n", "        model.zero_grad()\n").replace("    #HAND_B\n", "    lnet.zero_grad()\n")
# gradfix clears it before the backward
FIXED = BUGGY.replace("        loss.backward()\n", "        model.zero_grad()\n        loss.backward()\n").replace(
    "    opt.zero_grad(set_to_none=False)\n    loss.backward()\n", "    opt.zero_grad(set_to_none=False)\n    lnet.zero_grad()\n    loss.backward()\n"
)


def test_workers_clearing_their_local_model_train_like_the_hand_fix(tmp_path: Path) -> None:
    buggy = tmp_path / "buggy" / "a3c.py"
    hand = tmp_path / "hand" / "a3c.py"
    for path, text in ((buggy, BUGGY), (hand, HAND)):
        path.parent.mkdir()
        path.write_text(text)
    fixed = apply_gradfix(buggy, tmp_path / "fixed")
    assert fixed.read_text() == FIXED
    expected = run_script(hand)
    assert_same_training(run_script(fixed), expected)
    assert training_differences(run_script(buggy), expected)


UNCLEARED = '''import copy
import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(48, 5), torch.randn(48, 1)


class Worker:
    def __init__(self, center, center_opt):
        self.center = center
        self.center_opt = center_opt
        self.net = copy.deepcopy(center)

    def run(self, losses):
        for i in range(0, 48, 8):
            self.net.load_state_dict(self.center.state_dict())
            loss = F.mse_loss(self.net(X[i : i + 8]), Y[i : i + 8])
            loss.backward()
            for mine, theirs in zip(self.net.parameters(), self.center.parameters()):
                theirs.grad = mine.grad
            self.center_opt.step()
            #HAND
            losses.append(loss.item())


losses = []
center = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))
Worker(center, torch.optim.SGD(center.parameters(), lr=0.05, momentum=0.9)).run(losses)

digest = hashlib.sha256()
for param in center.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_worker_clearing_neither_model_trains_like_the_hand_fix(tmp_path: Path) -> None:
    """No clear at all: the shared parameters hold the local tensors, which every backward adds
    into. The fix clears the local model before the backward; the hand fix after the step."""
    buggy = tmp_path / "buggy" / "a3c.py"
    hand = tmp_path / "hand" / "a3c.py"
    buggy.parent.mkdir()
    hand.parent.mkdir()
    buggy.write_text(UNCLEARED.replace("            #HAND\n", ""))
    hand.write_text(UNCLEARED.replace("            #HAND\n", "            self.net.zero_grad()\n"))
    fixed = apply_gradfix(buggy, tmp_path / "fixed")
    assert "            self.net.zero_grad()\n            loss.backward()\n" in fixed.read_text()
    expected = run_script(hand)
    assert_same_training(run_script(fixed), expected)
    assert training_differences(run_script(buggy), expected)


GUARDED = '''import copy
import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(48, 5), torch.randn(48, 1)


def give_once(mine, theirs):
    for p_mine, p_theirs in zip(mine.parameters(), theirs.parameters()):
        if p_theirs.grad is not None:
            return
        p_theirs._grad = p_mine.grad


losses = []
center = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))
center_opt = torch.optim.SGD(center.parameters(), lr=0.05, momentum=0.9)
mine = copy.deepcopy(center)
for i in range(0, 48, 8):
    mine.load_state_dict(center.state_dict())
    loss = F.mse_loss(mine(X[i : i + 8]), Y[i : i + 8])
    loss.backward()
    give_once(mine, center)
    center_opt.step()
    #HAND
    losses.append(loss.item())
digest = hashlib.sha256()
for param in center.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_guarded_hand_over_clearing_neither_model_trains_like_the_hand_fix(tmp_path: Path) -> None:
    """A hand-over guarded by `if p_theirs.grad is not None: return`, nothing cleared: the shared
    parameters keep the first local tensors, which every backward adds into. The fix clears
    both models before the backward; the hand fix clears both after the step."""
    buggy = tmp_path / "buggy" / "a3c.py"
    hand = tmp_path / "hand" / "a3c.py"
    buggy.parent.mkdir()
    hand.parent.mkdir()
    buggy.write_text(GUARDED.replace("    #HAND\n", ""))
    hand.write_text(GUARDED.replace("    #HAND\n", "    mine.zero_grad()\n    center_opt.zero_grad()\n"))
    fixed = apply_gradfix(buggy, tmp_path / "fixed")
    assert "    mine.zero_grad()\n    center_opt.zero_grad()\n    loss.backward()\n" in fixed.read_text()
    expected = run_script(hand)
    assert_same_training(run_script(fixed), expected)
    assert training_differences(run_script(buggy), expected)
