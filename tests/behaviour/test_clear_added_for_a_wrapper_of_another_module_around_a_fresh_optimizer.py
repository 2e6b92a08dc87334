"""GF001 through an optimizer wrapper of another module built around a fresh optimizer
(`sched = WarmupOptim(torch.optim.SGD(net.parameters(), ...), 3)`, its `step_and_update_lr()`
setting the learning rate and stepping the optimizer it keeps as `self._optimizer`): the loop
never clears, so every step applies the sum of all past gradients. `optim_wrap.py` never
backpropagates; the loop model follows the wrapper's method there because the file builds the
wrapper around an optimizer. The fix clears the wrapper's optimizer at the top of the iteration;
the fixed script trains exactly like the hand fix, and not like the buggy one. `optim_wrap.py`
stays as it is."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

WRAPPER = '''class WarmupOptim:
    """Linear warm-up over `warmup` steps, then the base learning rate."""

    def __init__(self, optimizer, warmup, base_lr=0.2):
        self._optimizer = optimizer
        self.warmup = warmup
        self.base_lr = base_lr
        self.count = 0

    def step_and_update_lr(self):
        self.count += 1
        for group in self._optimizer.param_groups:
            group["lr"] = self.base_lr * min(1.0, self.count / self.warmup)
        self._optimizer.step()

    def zero_grad(self):
        self._optimizer.zero_grad()
'''

SCRIPT = '''import hashlib
import json

import torch

from optim_wrap import WarmupOptim


def main():
    torch.manual_seed(0)
    torch.set_num_threads(1)
    net = torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.Tanh(), torch.nn.Linear(3, 1))
    sched = WarmupOptim(torch.optim.SGD(net.parameters(), lr=0.2), 3)
    x, y = torch.randn(12, 4), torch.randn(12, 1)
    seen = []
    step = 0
    while step < 8:
CLEAR        i = (step % 4) * 3
        loss = torch.nn.functional.mse_loss(net(x[i : i + 3]), y[i : i + 3])
        loss.backward()
        sched.step_and_update_lr()
        seen.append(float(loss))
        step += 1
    digest = hashlib.sha256()
    for param in net.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
    print(json.dumps({"losses": seen, "weights_sha256": digest.hexdigest()}))


main()
'''


def test_the_wrappers_optimizer_is_cleared_each_iteration(tmp_path: Path) -> None:
    buggy = SCRIPT.replace("CLEAR", "")
    hand = SCRIPT.replace("CLEAR", "        sched._optimizer.zero_grad(set_to_none=True)\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF001", others={"optim_wrap.py": WRAPPER})


def test_a_loop_clearing_through_the_wrapper_is_left_alone(tmp_path: Path) -> None:
    from .harness import apply_gradfix

    script = tmp_path / "src" / "train.py"
    script.parent.mkdir()
    script.write_text(SCRIPT.replace("CLEAR", "        sched.zero_grad()\n"))
    (tmp_path / "src" / "optim_wrap.py").write_text(WRAPPER)
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "optim_wrap.py").write_text(WRAPPER)
    fixed = apply_gradfix(script, tmp_path / "out", "--select", "ALL")
    assert fixed.read_text() == script.read_text()
