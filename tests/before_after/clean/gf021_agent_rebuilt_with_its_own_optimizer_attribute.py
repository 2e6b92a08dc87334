import torch
import torch.nn.functional as F
from torch import nn


class Agent(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.policy = nn.Linear(4, width)
        self.opt = torch.optim.Adam(self.parameters(), lr=3e-4)

    def forward(self, obs):
        return self.policy(obs)


def train(rounds, steps):
    agent = nn.Linear(4, 2)
    agent.opt = torch.optim.Adam(agent.parameters(), lr=3e-4)
    for _ in range(rounds):
        agent.opt.zero_grad()
        F.mse_loss(agent(torch.randn(8, 4)), torch.zeros(8, 2)).backward()
        agent.opt.step()
    # a wider agent, built with an optimizer of its own
    agent = Agent(2)
    step = 0
    while step < steps:
        agent.opt.zero_grad()
        F.mse_loss(agent(torch.randn(8, 4)), torch.zeros(8, 2)).backward()
        agent.opt.step()
        step += 1
    return agent
