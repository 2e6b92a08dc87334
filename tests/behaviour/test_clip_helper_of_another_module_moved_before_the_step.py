"""GF010 on a clip helper of another module called after the step (`clip_gradients(net, 0.05)`
right after `optimizer.step()`, the helper's whole body `clip_grad_norm_(...)`): every step used
unclipped gradients, and the clip only touched gradients the next iteration clears. The fix
moves the call before the step; the fixed script trains exactly like the hand fix, and not like
the buggy one. `gradutil.py` stays as it is."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

HELPER = '''import torch


def clip_gradients(net, limit):
    """Clip the network's gradients to a total norm of `limit`."""
    return torch.nn.utils.clip_grad_norm_(net.parameters(), limit)
'''

SCRIPT = '''import hashlib
import json

import torch

from gradutil import clip_gradients


def main():
    torch.manual_seed(0)
    torch.set_num_threads(1)
    net = torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.Tanh(), torch.nn.Linear(3, 1))
    optimizer = torch.optim.SGD(net.parameters(), lr=0.5)
    x, y = torch.randn(12, 4), torch.randn(12, 1) * 4
    seen = []
    for i in range(0, 12, 3):
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(net(x[i : i + 3]), y[i : i + 3])
        loss.backward()
BEFORE        optimizer.step()
AFTER        seen.append(float(loss))
    digest = hashlib.sha256()
    for param in net.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
    print(json.dumps({"losses": seen, "weights_sha256": digest.hexdigest()}))


main()
'''

CALL = "        clip_gradients(net, 0.05)\n"


def test_the_clip_helper_runs_before_the_step(tmp_path: Path) -> None:
    buggy = SCRIPT.replace("BEFORE", "").replace("AFTER", CALL)
    hand = SCRIPT.replace("BEFORE", CALL).replace("AFTER", "")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF010", others={"gradutil.py": HELPER})
