import torch
import torch.nn as nn


class DQNAgent:
    def __init__(self):
        self.q = nn.Linear(8, 4)
        self.optim = torch.optim.Adam(self.q.parameters())

    def learn(self, s, a, target):
        q = self.q(s).gather(1, a)
        loss = (q - target).pow(2).mean()
        loss.backward()
        self.optim.step()


class Runner:
    def __init__(self, buffer):
        self.buffer = buffer

    def run(self, agent, updates):
        for _ in range(updates):
            s, a, target = self.buffer.sample()
            agent.learn(s, a, target)
