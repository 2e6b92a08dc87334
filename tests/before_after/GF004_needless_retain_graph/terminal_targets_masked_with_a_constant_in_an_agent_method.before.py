import torch
import torch.nn as nn
import torch.nn.functional as F


class Replay:
    def __init__(self, size):
        self.obs = torch.randn(size, 6)
        self.nxt = torch.randn(size, 6)
        self.rew = torch.randn(size)
        self.end = torch.rand(size) < 0.05

    def draw(self, n):
        idx = torch.randint(0, len(self.rew), (n,))
        return self.obs[idx], self.rew[idx], self.nxt[idx], self.end[idx]


class Agent:
    def __init__(self):
        self.critic = nn.Sequential(nn.Linear(6, 32), nn.Tanh(), nn.Linear(32, 1))
        self.lagged = nn.Sequential(nn.Linear(6, 32), nn.Tanh(), nn.Linear(32, 1))
        self.opt = torch.optim.Adam(self.critic.parameters(), lr=1e-3)
        self.replay = Replay(512)

    def learn(self, updates):
        for it in range(updates):
            obs, rew, nxt, end = self.replay.draw(64)
            estimate = self.critic(obs).squeeze(-1)
            with torch.no_grad():
                ahead = self.lagged(nxt).squeeze(-1)
            ahead[end] = 0.0
            self.opt.zero_grad()
            td = F.smooth_l1_loss(estimate, rew + 0.99 * ahead)
            td.backward(retain_graph=True)
            self.opt.step()


Agent().learn(200)
