"""GF001 through a method of a project class called on its object (`agent.learn()` in an RL
loop), and through a subclass's `learn` that calls the base class's with `super()`: the clear
goes at the top of the `learn` that steps, and the fixed script trains exactly like the
hand-fixed one."""

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


class Agent:
    def __init__(self):
        self.q = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 2))
        self.optimizer = torch.optim.SGD(self.q.parameters(), lr=0.05, momentum=0.9)

    def learn(self, obs, target):
{clear}        loss = nn.functional.mse_loss(self.q(obs), target)
        loss.backward()
        self.optimizer.step()
        return loss.item()


agent = Agent()
data = [(torch.randn(8, 4), torch.randn(8, 2)) for _ in range(5)]
losses = []
for episode in range(4):
    for obs, target in data:
        losses.append(agent.learn(obs, target))

digest = hashlib.sha256()
for param in agent.q.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({{"losses": losses, "weights_sha256": digest.hexdigest()}}))
'''


def test_clear_added_to_the_agents_method_trains_like_the_hand_fix(tmp_path: Path) -> None:
    hand = SCRIPT.format(clear="        self.optimizer.zero_grad(set_to_none=True)\n")
    assert_fixed_like_hand(tmp_path, SCRIPT.format(clear=""), hand, "--select", "GF001")


SUBCLASS = SCRIPT.replace(
    "agent = Agent()",
    """class DoubleAgent(Agent):
    def learn(self, obs, target):
        return super().learn(obs, 0.5 * target)


agent = DoubleAgent()""",
)


def test_clear_added_to_the_base_learn_a_subclass_calls_trains_like_the_hand_fix(tmp_path: Path) -> None:
    hand = SUBCLASS.format(clear="        self.optimizer.zero_grad(set_to_none=True)\n")
    assert_fixed_like_hand(tmp_path, SUBCLASS.format(clear=""), hand, "--select", "GF001")


HANDED_IN = SCRIPT.replace(
    """agent = Agent()
data = [(torch.randn(8, 4), torch.randn(8, 2)) for _ in range(5)]
losses = []
for episode in range(4):
    for obs, target in data:
        losses.append(agent.learn(obs, target))
""",
    """def run(agent, data, episodes):
    losses = []
    for episode in range(episodes):
        for obs, target in data:
            losses.append(agent.learn(obs, target))
    return losses


agent = Agent()
losses = run(agent, [(torch.randn(8, 4), torch.randn(8, 2)) for _ in range(5)], 4)
""",
)


def test_clear_added_to_the_learn_of_an_agent_handed_in_trains_like_the_hand_fix(tmp_path: Path) -> None:
    # session 40: `agent` a parameter of the function with the loop, `learn` defined by one class of the file
    assert "def run(agent" in HANDED_IN
    hand = HANDED_IN.format(clear="        self.optimizer.zero_grad(set_to_none=True)\n")
    assert_fixed_like_hand(tmp_path, HANDED_IN.format(clear=""), hand, "--select", "GF001")
