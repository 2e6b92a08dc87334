"""GF002 on DeepSpeed: `engine.zero_grad()` under exactly `if engine.is_gradient_accumulation_boundary():`
between the engine's backward and its step. DeepSpeed 0.19.8's `step()` applies and then clears
exactly at that boundary, so the clear leaves every applying step no gradient
(tests/libraries/test_deepspeed.py::test_engine_clear_at_the_boundary_wipes_every_step). The fix
removes the clear (and the `if` when the clear is all it holds); the fixed script trains exactly
like the hand fix, the buggy one does not train."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import json
import os
import socket
import sys
import warnings

warnings.filterwarnings("ignore")
sys.stdout.flush()
result = os.fdopen(os.dup(1), "w")
os.dup2(2, 1)  # (DeepSpeed's logger, imported earlier, prints notices to what was stdout)
os.environ.setdefault("DS_ACCELERATOR", "cpu")
with socket.socket() as _s:
    _s.bind(("127.0.0.1", 0))
    _port = _s.getsockname()[1]
os.environ.update(MASTER_ADDR="127.0.0.1", MASTER_PORT=str(_port), RANK="0", LOCAL_RANK="0", WORLD_SIZE="1")

import hashlib

import torch
import deepspeed
import deepspeed.ops
deepspeed.ops.__compatible_ops__["deepspeed_shm_comm"] = False
deepspeed.init_distributed(dist_backend="gloo", verbose=False)
torch.manual_seed(0)
torch.set_num_threads(1)
xs = torch.randn(40, 6)
ys = xs @ torch.randn(6, 1) + 0.05 * torch.randn(40, 1)
data = [(xs[i : i + 4], ys[i : i + 4]) for i in range(0, 40, 4)]
losses = []
config = {"train_micro_batch_size_per_gpu": 4, "gradient_accumulation_steps": 3, "gradient_clipping": 0.0,
          "steps_per_print": 10**9}
net = torch.nn.Sequential(torch.nn.Linear(6, 10), torch.nn.Tanh(), torch.nn.Linear(10, 1))
runner, _, _, _ = deepspeed.initialize(model=net, optimizer=torch.optim.SGD(net.parameters(), lr=0.02), config=config)

for epoch in range(2):
    for x, y in data:
        loss = torch.nn.functional.mse_loss(runner(x), y)
        runner.backward(loss)
GUARD        runner.step()
        losses.append(loss.item())
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}), file=result)
'''

GUARD = '''        if runner.is_gradient_accumulation_boundary():
            losses.append(sum(p.grad.norm().item() for p in net.parameters()))
'''


@pytest.mark.parametrize("alone", [False, True], ids=["after_a_norm_log", "alone"])
def test_clear_under_the_boundary_test_removed(tmp_path: Path, alone: bool) -> None:
    pytest.importorskip("deepspeed")
    clear = "            runner.zero_grad()\n"
    if alone:
        buggy = SCRIPT.replace("GUARD", "        if runner.is_gradient_accumulation_boundary():\n" + clear)
        hand = SCRIPT.replace("GUARD", "")
    else:
        buggy = SCRIPT.replace("GUARD", GUARD + clear)
        hand = SCRIPT.replace("GUARD", GUARD)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF002")
