"""GF004 on a PPO-style update over chunks of rollout tensors made from numpy and from `.data`
of an old-policy forward: each minibatch loss is fresh, so `retain_graph=True` only keeps
memory. gradfix drops the flag (with `--unsafe-fixes`: the rollout comes in as parameters); the
fixed script runs (no "backward through the graph a second time") and trains exactly as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import apply_gradfix, assert_same_training, run_script

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import numpy as np
import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
rng = np.random.default_rng(0)
policy = nn.Sequential(nn.Linear(4, 16), nn.Tanh(), nn.Linear(16, 2))
opt = torch.optim.SGD(policy.parameters(), lr=0.05)
losses = []


def update(states_np, actions_np, gains_np):
    states = torch.from_numpy(states_np).float()
    actions = torch.from_numpy(actions_np).long()
    gains = torch.from_numpy(gains_np).float()
    old = torch.log_softmax(policy(states), 1).gather(1, actions[:, None]).squeeze(1).data
    for epoch in range(3):
        for s_b, a_b, g_b, o_b in zip(states.chunk(4), actions.chunk(4), gains.chunk(4), old.chunk(4)):
            logp = torch.log_softmax(policy(s_b), 1).gather(1, a_b[:, None]).squeeze(1)
            loss = -(torch.exp(logp - o_b) * g_b).mean()
            opt.zero_grad()
            loss.backward(retain_graph=True)
            opt.step()
            losses.append(loss.item())


update(rng.standard_normal((64, 4)), rng.integers(0, 2, 64), rng.standard_normal(64))
digest = hashlib.sha256()
for param in policy.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_flag_dropped_and_training_unchanged(tmp_path: Path) -> None:
    buggy = tmp_path / "train.py"
    buggy.write_text(SCRIPT)
    fixed = apply_gradfix(buggy, tmp_path / "fixed", "--select", "GF004", "--unsafe-fixes")
    assert fixed.read_text() == SCRIPT.replace("loss.backward(retain_graph=True)", "loss.backward()")
    assert_same_training(run_script(fixed), run_script(buggy))


HELPER_SCRIPT = '''import hashlib
import json
from types import SimpleNamespace

import numpy as np
import torch
from torch import nn

torch.manual_seed(0)
torch.set_num_threads(1)
rng = np.random.default_rng(0)
losses = []


class Agent:
    discount = 0.9

    def __init__(self):
        self.actor = nn.Sequential(nn.Linear(4, 16), nn.Tanh(), nn.Linear(16, 2))
        self.critic = nn.Sequential(nn.Linear(4, 16), nn.Tanh(), nn.Linear(16, 1))
        self.actor_opt = torch.optim.SGD(self.actor.parameters(), lr=0.05)
        self.critic_opt = torch.optim.SGD(self.critic.parameters(), lr=0.05)

    def advantages(self, rewards, values):
        gains = torch.zeros(rewards.size(0))
        running = 0.0
        for t in reversed(range(rewards.size(0))):
            running = rewards[t] + self.discount * running
            gains[t] = running
        return gains - values, gains

    def update(self, rollout):
        states = torch.from_numpy(np.stack(rollout.states)).float()
        actions = torch.from_numpy(np.stack(rollout.actions)).long()
        rewards = torch.Tensor(np.stack(rollout.rewards))
        values = self.critic(states).data.squeeze(1)
        adv, returns = self.advantages(rewards, values)
        n_chunks = states.size(0) // 16
        for _ in range(3):
            order = torch.randperm(states.size(0))
            s_all, a_all, adv_all, ret_all = states[order], actions[order], adv[order], returns[order]
            s_all, a_all, adv_all, ret_all = (
                torch.chunk(s_all, n_chunks), torch.chunk(a_all, n_chunks),
                torch.chunk(adv_all, n_chunks), torch.chunk(ret_all, n_chunks),
            )
            for s_b, a_b, adv_b, ret_b in zip(s_all, a_all, adv_all, ret_all):
                value_loss = (self.critic(s_b).squeeze(1) - ret_b).pow(2).mean()
                self.critic_opt.zero_grad()
                value_loss.backward()
                self.critic_opt.step()
                logp = torch.log_softmax(self.actor(s_b), 1).gather(1, a_b[:, None]).squeeze(1)
                loss = -(logp * adv_b).mean()
                self.actor_opt.zero_grad()
                loss.backward(retain_graph=True)
                self.actor_opt.step()
                losses.extend([value_loss.item(), loss.item()])


agent = Agent()
rollout = SimpleNamespace(
    states=list(rng.standard_normal((64, 4))),
    actions=list(rng.integers(0, 2, 64)),
    rewards=list(rng.standard_normal(64)),
)
agent.update(rollout)
digest = hashlib.sha256()
for param in [*agent.actor.parameters(), *agent.critic.parameters()]:
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''


def test_named_chunks_and_helper_advantages_flag_dropped(tmp_path: Path) -> None:
    """The chunks bound to names first and the advantages from a plain method of the class
    (dragen1860/PPO-Pytorch's shape, our own code): a safe fix, training unchanged."""
    buggy = tmp_path / "train.py"
    buggy.write_text(HELPER_SCRIPT)
    fixed = apply_gradfix(buggy, tmp_path / "fixed", "--select", "GF004")
    assert fixed.read_text() == HELPER_SCRIPT.replace("loss.backward(retain_graph=True)", "loss.backward()")
    assert_same_training(run_script(fixed), run_script(buggy))
