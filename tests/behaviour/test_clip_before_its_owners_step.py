"""A GAN's critic clipped after its own step, that step in a `try` whose `finally` counts the
batches, the generator stepped later (session 43, variants42): GF010 moves the clip into the
`try`, right before the critic's step; and two models each clipped after their own clear but
before their backward (one after the other's step), moved right before their own steps. The
fixed scripts train exactly like the hand-fixed ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
gen = nn.Linear(3, 5)
critic = nn.Sequential(nn.Linear(5, 8), nn.ReLU(), nn.Linear(8, 1))
opt_gen = torch.optim.RMSprop(gen.parameters(), lr=5e-3)
opt_critic = torch.optim.RMSprop(critic.parameters(), lr=5e-3)
data = [torch.randn(6, 5) for _ in range(5)]
losses = []
seen = 0
for epoch in range(3):
    for real in data:
        fake = gen(torch.randn(real.size(0), 3))
        opt_critic.zero_grad()
        try:
            loss_critic = critic(fake.detach()).mean() - critic(real).mean()
            loss_critic.backward()
{inside}            opt_critic.step()
        finally:
            seen += 1
{outside}        opt_gen.zero_grad()
        loss_gen = -critic(fake).mean()
        loss_gen.backward()
        opt_gen.step()
        losses.append(loss_critic.item() + loss_gen.item())
digest = hashlib.sha256()
for param in [*gen.parameters(), *critic.parameters()]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''
CLIP = "torch.nn.utils.clip_grad_norm_(critic.parameters(), 0.05)\n"


def test_critic_clip_moved_before_its_step_in_the_try(tmp_path: Path) -> None:
    buggy = SCRIPT.format(inside="", outside="        " + CLIP)
    hand = SCRIPT.format(inside="            " + CLIP, outside="")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF010")


TWO_UPDATES = '''import hashlib
import json

import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
gen = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 5))
disc = nn.Sequential(nn.Linear(5, 8), nn.ReLU(), nn.Linear(8, 1))
opt_g = torch.optim.SGD(gen.parameters(), lr=0.5)
opt_d = torch.optim.SGD(disc.parameters(), lr=0.5)
bce = nn.BCEWithLogitsLoss()
data = [torch.randn(6, 5) for _ in range(4)]
losses = []
step = 0
while step < 8:
    real = data[step % 4]
    fake = gen(torch.randn(6, 3))
    opt_d.zero_grad()
{d_clip_before}    d_loss = bce(disc(real), torch.ones(6, 1)) + bce(disc(fake.detach()), torch.zeros(6, 1))
    d_loss.backward()
{d_clip_after}    opt_d.step()
    opt_g.zero_grad()
{g_clip_before}    g_loss = bce(disc(fake), torch.ones(6, 1))
    g_loss.backward()
{g_clip_after}    opt_g.step()
    losses.append(d_loss.item() + g_loss.item())
    step += 1
digest = hashlib.sha256()
for param in [*gen.parameters(), *disc.parameters()]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_clips_before_each_optimizers_backward_moved_after_it(tmp_path: Path) -> None:
    """Two optimizers, each model clipped after its own clear but before its backward (the
    generator's clip after the discriminator's step): each clip moves right before its own
    optimizer's step."""
    d_clip = "    torch.nn.utils.clip_grad_norm_(disc.parameters(), 0.01)\n"
    g_clip = "    torch.nn.utils.clip_grad_norm_(gen.parameters(), 0.01)\n"
    buggy = TWO_UPDATES.format(d_clip_before=d_clip, d_clip_after="", g_clip_before=g_clip, g_clip_after="")
    hand = TWO_UPDATES.format(d_clip_before="", d_clip_after=d_clip, g_clip_before="", g_clip_after=g_clip)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF010")


TRAINER = '''import hashlib
import json

import torch
from torch import nn


class Trainer:
    def __init__(self, actor, critic):
        self.actor = actor
        self.critic = critic
        self.opt_a = torch.optim.SGD(actor.parameters(), lr=0.5)
        self.opt_c = torch.optim.SGD(critic.parameters(), lr=0.5)

    def fit(self, data, steps):
        losses = []
        done = 0
        while done < steps:
            x, y = data[done % len(data)]
            self.opt_c.zero_grad()
{c_before}            c_loss = (self.critic(x) - y).pow(2).mean()
            c_loss.backward()
{c_after}            self.opt_c.step()
            self.opt_a.zero_grad()
{a_before}            a_loss = -(self.critic(self.actor(x)).mean())
            a_loss.backward()
{a_after}            self.opt_a.step()
            losses.append(c_loss.item() + a_loss.item())
            done += 1
        return losses


{main}
'''
TRAINER_MAIN = """torch.manual_seed(0)
torch.set_num_threads(1)
actor = nn.Sequential(nn.Linear(4, 6), nn.Tanh(), nn.Linear(6, 4))
critic = nn.Sequential(nn.Linear(4, 6), nn.ReLU(), nn.Linear(6, 1))
data = [(torch.randn(5, 4), torch.randn(5, 1)) for _ in range(3)]
losses = Trainer(actor, critic).fit(data, 6)
digest = hashlib.sha256()
for param in [*actor.parameters(), *critic.parameters()]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))"""


def test_clips_of_attributes_bound_from_the_constructors_parameters(tmp_path: Path) -> None:
    """The optimizers are built in `__init__` over the constructor's parameters
    (`SGD(actor.parameters())`) and the clips name `self.actor.parameters()`: each clip's
    owner is still known, and each moves right before its own optimizer's step."""
    c_clip = "            torch.nn.utils.clip_grad_norm_(self.critic.parameters(), 0.01)\n"
    a_clip = "            torch.nn.utils.clip_grad_norm_(self.actor.parameters(), 0.01)\n"
    buggy = TRAINER.format(c_before=c_clip, c_after="", a_before=a_clip, a_after="", main=TRAINER_MAIN)
    hand = TRAINER.format(c_before="", c_after=c_clip, a_before="", a_after=a_clip, main=TRAINER_MAIN)
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF010")


def test_no_owner_when_the_attribute_is_bound_again() -> None:
    """`self.actor` bound again by another method (`swap`): it may no longer be the module the
    optimizer was built over, so the actor's clip has no known owner and is left alone."""
    from gradfix.runner import Options, process_source

    a_clip = "            torch.nn.utils.clip_grad_norm_(self.actor.parameters(), 0.01)\n"
    swap = "def swap(self, actor):\n        self.actor = actor\n"
    text = TRAINER.format(c_before="", c_after="", a_before=a_clip, a_after="", main="")
    text = text.replace("    def fit(", "    " + swap + "\n    def fit(")
    result = process_source("train.py", text.encode(), Options(select=frozenset({"GF010"}), unsafe_fixes=True, fix=True))
    assert result.error is None
    assert [d.line for d in result.diagnostics] == []
    bound_once = process_source("train.py", text.replace(swap, "").encode(), Options(select=frozenset({"GF010"}), unsafe_fixes=True, fix=True))
    assert [d.code for d in bound_once.diagnostics] == ["GF010"]
