import copy

import torch
from torch import nn
from torch.nn import functional as F


class DQN(nn.Module):
    """The agent is a module itself: it holds its networks and optimizer, and `state_dict()`
    saves them all at once."""

    def __init__(self, observations, actions, gamma=0.99):
        super().__init__()
        self.q = nn.Sequential(nn.Linear(observations, 64), nn.ReLU(), nn.Linear(64, actions))
        self.target = copy.deepcopy(self.q)
        self.gamma = gamma
        self.optimizer = torch.optim.Adam(self.q.parameters(), lr=1e-3)

    def act(self, state):
        with torch.no_grad():
            return self.q(state).argmax(-1)

    def learn(self, states, actions, rewards, next_states, dones):
        with torch.no_grad():
            best = self.target(next_states).max(1, keepdim=True)[0]
            target = rewards + self.gamma * (1 - dones) * best
        q = self.q(states).gather(1, actions)
        loss = F.smooth_l1_loss(q, target)
        loss.backward()
        self.optimizer.step()
        return loss.item()

    def sync(self):
        self.target.load_state_dict(self.q.state_dict())
