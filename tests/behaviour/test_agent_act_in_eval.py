"""GF017 on an agent whose `act()` switches its policy network to eval mode inside the episode
loop while `learn()` never switches it back: the fix switches the network back right after the
`act()` call. The fixed script trains exactly like the hand-fixed one (dropout on in every
update; acting still in eval mode), the buggy one otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

SCRIPT = '''import hashlib
import json

import torch
from torch import nn


class Env:
    def __init__(self):
        self.t = 0

    def reset(self):
        self.t = 0
        return [0.1, -0.2, 0.3, 0.0]

    def step(self, action):
        self.t += 1
        state = [0.1 * self.t, -0.2, 0.3 * action, float(self.t % 2)]
        return state, float(action == self.t % 2), self.t >= 4


class Agent:
    def __init__(self):
        self.net = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Dropout(0.5), nn.Linear(16, 2))
        self.optimizer = torch.optim.SGD(self.net.parameters(), lr=0.1)
        self.losses = []

    def act(self, state):
        self.net.eval()
        with torch.no_grad():
            return int(self.net(state).argmax().item())

    def learn(self, states, actions, returns):
        logits = self.net(states)
        picked = torch.log_softmax(logits, 1).gather(1, actions[:, None]).squeeze(1)
        loss = -(picked * returns).mean()
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        self.losses.append(loss.item())


def run(env, episodes):
    agent = Agent()
    for episode in range(episodes):
        state = env.reset()
        states, actions, rewards = [], [], []
        done = False
        while not done:
            action = agent.act(torch.as_tensor(state, dtype=torch.float32))
{restore}            states.append(state)
            actions.append(action)
            state, reward, done = env.step(action)
            rewards.append(reward)
        returns = torch.tensor(rewards, dtype=torch.float32)
        agent.learn(torch.as_tensor(states, dtype=torch.float32), torch.as_tensor(actions), returns)
    return agent


torch.manual_seed(0)
torch.set_num_threads(1)
trained = run(Env(), 4)
digest = hashlib.sha256()
for param in trained.net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": trained.losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_agent_network_switched_back_after_acting(tmp_path: Path) -> None:
    buggy = SCRIPT.format(restore="")
    hand = SCRIPT.format(restore="            agent.net.train()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF017")
