"""A regression agent: its update backpropagates and steps its own optimizer."""

import torch
from torch import nn


class Agent:
    def __init__(self, obs_dim: int, act_dim: int, lr: float = 1e-3) -> None:
        self.policy = nn.Sequential(nn.Linear(obs_dim, 32), nn.Tanh(), nn.Linear(32, act_dim))
        self.optim = torch.optim.Adam(self.policy.parameters(), lr=lr)

    def act(self, obs):
        with torch.no_grad():
            return self.policy(torch.as_tensor(obs, dtype=torch.float32))

    def learn(self, obs, target):
        self.optim.zero_grad(set_to_none=True)
        pred = self.policy(torch.as_tensor(obs, dtype=torch.float32))
        loss = nn.functional.mse_loss(pred, torch.as_tensor(target, dtype=torch.float32))
        loss.backward()
        self.optim.step()
        return float(loss)
