# The driver clears the agent's optimizer around each update.
import random

from agent import Agent

agent = Agent(obs_dim=4, act_dim=2)
for episode in range(50):
    obs = [[random.random() for _ in range(4)] for _ in range(8)]
    target = [[sum(row), -sum(row)] for row in obs]
    agent.optim.zero_grad()
    agent.learn(obs, target)
