import torch
from torch import nn


class Policy(nn.Module):
    """A categorical policy; `draw` samples an action and returns its log-probability."""

    def __init__(self, width: int, actions: int) -> None:
        super().__init__()
        self.body = nn.Linear(width, 64)
        self.head = nn.Linear(64, actions)
        self.temperature = 1.0

    def forward(self, obs):
        return self.head(torch.tanh(self.body(obs)))

    def draw(self, obs):
        logits = self.forward(obs) / self.temperature
        dist = torch.distributions.Categorical(logits=logits)
        picked = dist.sample()
        return picked, dist.log_prob(picked)


class Critic(nn.Module):
    def __init__(self, width: int) -> None:
        super().__init__()
        self.net = nn.Sequential(nn.Linear(width, 64), nn.ReLU(), nn.Linear(64, 1))

    def forward(self, obs):
        return self.net(obs).squeeze(-1)
