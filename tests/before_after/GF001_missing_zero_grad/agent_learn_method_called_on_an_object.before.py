import random

import torch
from torch import nn


class QNet(nn.Module):
    def __init__(self, n_obs, n_actions):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_obs, 64), nn.ReLU(), nn.Linear(64, n_actions))

    def forward(self, obs):
        return self.body(obs)


class Agent:
    def __init__(self, n_obs, n_actions, gamma=0.99):
        self.q = QNet(n_obs, n_actions)
        self.gamma = gamma
        self.optimizer = torch.optim.Adam(self.q.parameters(), lr=1e-3)
        self.memory = []

    def remember(self, transition):
        self.memory.append(transition)

    def learn(self, batch_size=32):
        batch = random.sample(self.memory, batch_size)
        obs = torch.stack([t[0] for t in batch])
        action = torch.tensor([t[1] for t in batch])
        target = torch.tensor([t[2] for t in batch])
        q = self.q(obs).gather(1, action.unsqueeze(1)).squeeze(1)
        loss = nn.functional.smooth_l1_loss(q, target)
        loss.backward()
        self.optimizer.step()
        return loss.item()


def run(env, episodes=100):
    agent = Agent(env.n_obs, env.n_actions)
    for episode in range(episodes):
        obs, done = env.reset(), False
        while not done:
            action = random.randrange(env.n_actions)
            next_obs, reward, done = env.step(action)
            agent.remember((obs, action, reward))
            obs = next_obs
            if len(agent.memory) >= 32:
                agent.learn()
