# The driver names no gradient at all: the agent does the learning.
import random

from agent import Agent

agent = Agent(obs_dim=4, act_dim=2)
history = []
for episode in range(50):
    obs = [[random.random() for _ in range(4)] for _ in range(8)]
    target = [[sum(row), -sum(row)] for row in obs]
    history.append(agent.learn(obs, target))
print(sum(history[-10:]) / 10)
