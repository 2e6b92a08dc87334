"""GF024 on the optimizer of each member of an ensemble: `for net, opt in members:` over rows a
builder of the file returns (`return net, opt`), and `for n, o in zip(nets, opts):` over a list
of AdamW built per model. The fix writes the setting into each member's parameter groups; the
fixed script trains exactly like the hand-fixed one, whose settings really change mid-run."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

MEMBERS = '''import hashlib
import json

import torch
from torch import nn

torch.set_num_threads(1)


def build_member(seed):
    torch.manual_seed(seed)
    net = nn.Sequential(nn.Linear(4, 6), nn.Tanh(), nn.Linear(6, 2))
    opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    return net, opt


torch.manual_seed(5)
data = [(torch.randn(8, 4), torch.randint(0, 2, (8,))) for _ in range(3)]
members = [build_member(s) for s in range(3)]
losses = []
for epoch in range(4):
    for net, opt in members:
        setattr(opt, "lr", 0.1 * 0.3 ** epoch)
{fix}    for x, y in data:
        for net, opt in members:
            opt.zero_grad()
            loss = nn.functional.cross_entropy(net(x), y)
            loss.backward()
            opt.step()
            losses.append(loss.item())
digest = hashlib.sha256()
for net, _ in members:
    for param in net.parameters():
        digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''

ZIPPED = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
nets = [nn.Linear(5, 1) for _ in range(2)]
opts = [torch.optim.AdamW(n.parameters(), lr=0.05, weight_decay=0.5) for n in nets]
data = [(torch.randn(8, 5), torch.randn(8, 1)) for _ in range(3)]
losses = []
step = 0
while step < 12:
    for n, o in zip(nets, opts):
        if step == 4:
            o.weight_decay = 0.0
{fix}        x, y = data[step % len(data)]
        o.zero_grad()
        loss = nn.functional.mse_loss(n(x), y)
        loss.backward()
        o.step()
        losses.append(loss.item())
    step += 1
digest = hashlib.sha256()
for param in [p for n in nets for p in n.parameters()]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_rate_set_on_members_a_builder_returns(tmp_path: Path) -> None:
    buggy = MEMBERS.format(fix="")
    hand = MEMBERS.format(fix='        for param_group in opt.param_groups:\n            param_group["lr"] = opt.lr\n')
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF024")


def test_weight_decay_set_over_zipped_optimizers(tmp_path: Path) -> None:
    buggy = ZIPPED.format(fix="")
    hand = ZIPPED.format(fix='            for param_group in o.param_groups:\n                param_group["weight_decay"] = o.weight_decay\n')
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF024")
