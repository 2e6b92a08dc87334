"""GF006 on timm's accumulation window told by a flag: `boundary = (i + 1) % accum_steps == 0`
handed to `loss_scaler(loss, optimizer, need_update=boundary)` (which backpropagates every
micro-batch and steps only when told, timm/utils/cuda.py NativeScaler.__call__), cleared under
`if boundary:`, over 7 batches with windows of 3: the last micro-batch of each pass is never
stepped (its gradient leaks into the next pass's first window). The fix makes the flag true on
the last batch too, `... or i + 1 == len(batches)`, and trains exactly like the hand fix with
timm's own NativeScaler (loaded without timm's package __init__, which needs torchvision).
The same window written in the keyword itself, `need_update=(i + 1) % accum_steps == 0`, with
the clear under its own copy of that test: the fix rewrites both tests alike and trains exactly
like the hand fix."""


from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")
if importlib.util.find_spec("timm") is None:
    pytest.skip("timm is not installed (pip install --no-deps timm)", allow_module_level=True)

SCRIPT = '''import hashlib
import importlib.util
import json
import sys
import types
from pathlib import Path

import torch
from torch import nn

# timm's package __init__ imports torchvision: load timm.utils from the wheel without it
root = Path(importlib.util.find_spec("timm").origin).parent
for package in ("timm", "timm.utils"):
    shell = types.ModuleType(package)
    shell.__path__ = [str(root.joinpath(*package.split(".")[1:]))]
    sys.modules[package] = shell
from timm.utils.cuda import NativeScaler  # noqa: E402

torch.manual_seed(0)
torch.set_num_threads(1)
net = nn.Sequential(nn.Linear(5, 8), nn.Tanh(), nn.Linear(8, 3))
opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
scaler = NativeScaler()
batches = [(torch.randn(4, 5), torch.randint(0, 3, (4,))) for _ in range(7)]
accum_steps = 3
losses = []
for epoch in range(2):
    for i, (x, y) in enumerate(batches):
        loss = nn.functional.cross_entropy(net(x), y) / accum_steps
        losses.append(loss.item())
        boundary = {test}
        scaler(loss, opt, clip_grad=5.0, parameters=net.parameters(), need_update=boundary)
        if boundary:
            opt.zero_grad(set_to_none=True)
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_told_flag_without_the_last_batch_gets_it(tmp_path: Path) -> None:
    buggy = SCRIPT.format(test="(i + 1) % accum_steps == 0")
    hand = SCRIPT.format(test="(i + 1) % accum_steps == 0 or i + 1 == len(batches)")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF006")


def test_told_keyword_and_its_clear_test_without_the_last_batch_get_it(tmp_path: Path) -> None:
    told = "        boundary = {test}\n        scaler(loss, opt, clip_grad=5.0, parameters=net.parameters(), need_update=boundary)\n        if boundary:\n"
    assert told in SCRIPT

    def script(test: str) -> str:
        inline = f"        scaler(loss, opt, clip_grad=5.0, parameters=net.parameters(), need_update={test})\n        if {test}:\n"
        return SCRIPT.replace(told, inline).replace("{{", "{").replace("}}", "}")

    buggy = script("(i + 1) % accum_steps == 0")
    hand = script("(i + 1) % accum_steps == 0 or i + 1 == len(batches)")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF006")
