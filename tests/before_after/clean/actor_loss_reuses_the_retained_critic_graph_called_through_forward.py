import torch
import torch.nn as nn
import torch.nn.functional as F


class ActorCritic:
    def __init__(self):
        self.value = nn.Sequential(nn.Linear(5, 24), nn.ReLU(), nn.Linear(24, 1))
        self.policy = nn.Sequential(nn.Linear(5, 24), nn.ReLU(), nn.Linear(24, 2), nn.Tanh())
        self.critic = nn.Sequential(nn.Linear(7, 24), nn.ReLU(), nn.Linear(24, 1))
        self.value_opt = torch.optim.Adam(self.value.parameters(), lr=3e-4)
        self.policy_opt = torch.optim.Adam(self.policy.parameters(), lr=3e-4)

    def train(self, rounds):
        for r in range(rounds):
            s = torch.randn(32, 5)
            v = self.value.forward(s).squeeze(-1)
            a = self.policy.forward(s)
            q = self.critic.forward(torch.cat([s, a], dim=1)).squeeze(-1)
            self.value_opt.zero_grad()
            value_loss = F.mse_loss(v, q - a.pow(2).sum(-1))
            value_loss.backward(retain_graph=True)
            self.value_opt.step()

            self.policy_opt.zero_grad()
            policy_loss = -q.mean()
            policy_loss.backward()
            self.policy_opt.step()


ActorCritic().train(100)
