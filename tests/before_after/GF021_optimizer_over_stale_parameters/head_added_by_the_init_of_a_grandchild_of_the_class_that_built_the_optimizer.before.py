import torch
from torch import nn


class Agent:
    def __init__(self, policy):
        self.policy = policy
        self.opt = torch.optim.RMSprop(self.policy.parameters(), lr=7e-4)

    def learn(self, batches):
        for obs, target in batches:
            self.opt.zero_grad()
            nn.functional.smooth_l1_loss(self.policy(obs), target).backward()
            self.opt.step()


class ValueAgent(Agent):
    def __init__(self, policy, gamma):
        super().__init__(policy)
        self.gamma = gamma


class DuelingAgent(ValueAgent):
    def __init__(self, policy, gamma, actions):
        super().__init__(policy, gamma)
        self.policy.advantage = nn.Linear(64, actions)
