import torch
from torch import nn


class Policy(nn.Module):
    """A categorical policy that keeps the features of its last draw for a regulariser."""

    def __init__(self, width: int, actions: int) -> None:
        super().__init__()
        self.body = nn.Linear(width, 64)
        self.head = nn.Linear(64, actions)
        self.features = None

    def forward(self, obs):
        self.features = torch.tanh(self.body(obs))
        return self.head(self.features)

    def draw(self, obs):
        dist = torch.distributions.Categorical(logits=self.forward(obs))
        picked = dist.sample()
        return picked, dist.log_prob(picked)

    def smoothness(self):
        return self.features.pow(2).mean()


class Critic(nn.Module):
    def __init__(self, width: int) -> None:
        super().__init__()
        self.net = nn.Sequential(nn.Linear(width, 64), nn.ReLU(), nn.Linear(64, 1))

    def forward(self, obs):
        return self.net(obs).squeeze(-1)
