"""The driver knows only the subclass: the base class's module is two imports away."""
import torch

from agents.dqn import DQNAgent


class Env:
    def step(self, action):
        return torch.randn(8, 4)


env = Env()
agent = DQNAgent()
for episode in range(5):
    batch = env.step(0)
    agent.update(batch)
