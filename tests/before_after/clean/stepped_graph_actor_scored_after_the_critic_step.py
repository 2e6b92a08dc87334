"""An actor-critic update in the usual order: the critic's loss is backpropagated and
stepped, then the actor's loss scores the actor's actions with a new forward through the
updated critic. A target critic, never stepped, scored the next states before the step."""

import copy
import json

import torch
from torch import nn


class Agent:
    def __init__(self, obs_dim=4, act_dim=2, gamma=0.9):
        self.gamma = gamma
        self.actor = nn.Sequential(nn.Linear(obs_dim, 16), nn.Tanh(), nn.Linear(16, act_dim))
        self.critic = nn.Sequential(nn.Linear(obs_dim + act_dim, 16), nn.ReLU(), nn.Linear(16, 1))
        self.critic_target = copy.deepcopy(self.critic)
        self.actor_optim = torch.optim.Adam(self.actor.parameters(), lr=1e-3)
        self.critic_optim = torch.optim.Adam(self.critic.parameters(), lr=1e-3)

    def update(self, obs, act, rew, next_obs):
        next_value = self.critic_target(torch.cat([next_obs, self.actor(next_obs)], dim=1))
        target = (rew + self.gamma * next_value).detach()
        value = self.critic(torch.cat([obs, act], dim=1))
        critic_loss = (value - target).pow(2).mean()

        self.critic_optim.zero_grad()
        critic_loss.backward()
        self.critic_optim.step()

        actor_loss = -self.critic(torch.cat([obs, self.actor(obs)], dim=1)).mean()
        self.actor_optim.zero_grad()
        actor_loss.backward()
        self.actor_optim.step()
        return critic_loss.item(), actor_loss.item()


def main():
    torch.manual_seed(0)
    agent = Agent()
    history = []
    for _ in range(3):
        obs, act, rew, next_obs = torch.randn(8, 4), torch.randn(8, 2), torch.randn(8, 1), torch.randn(8, 4)
        history.append(agent.update(obs, act, rew, next_obs))
    print(json.dumps({"losses": history}))


if __name__ == "__main__":
    main()
