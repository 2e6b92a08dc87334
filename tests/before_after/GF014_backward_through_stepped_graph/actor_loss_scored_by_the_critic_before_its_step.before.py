"""An actor-critic agent computes both losses up front: the actor's loss scores the actor's
actions with the critic, then the critic steps, then the actor's loss is backpropagated.
No graph is retained and no backward walked the actor's scores before: the forward simply
ran before the critic's weights changed."""

import json

import torch
from torch import nn


class Agent:
    def __init__(self, obs_dim=4, act_dim=2):
        self.actor = nn.Sequential(nn.Linear(obs_dim, 16), nn.Tanh(), nn.Linear(16, act_dim))
        self.critic = nn.Sequential(nn.Linear(obs_dim + act_dim, 16), nn.ReLU(), nn.Linear(16, 1))
        self.actor_optim = torch.optim.Adam(self.actor.parameters(), lr=1e-3)
        self.critic_optim = torch.optim.Adam(self.critic.parameters(), lr=1e-3)

    def update(self, obs, act, ret):
        value = self.critic(torch.cat([obs, act], dim=1))
        critic_loss = (value - ret).pow(2).mean()
        policy_value = self.critic(torch.cat([obs, self.actor(obs)], dim=1))
        actor_loss = -policy_value.mean()

        self.critic_optim.zero_grad()
        critic_loss.backward()
        self.critic_optim.step()

        self.actor_optim.zero_grad()
        actor_loss.backward()
        self.actor_optim.step()
        return critic_loss.item(), actor_loss.item()

    def train(self, batches):
        return [self.update(obs, act, ret) for obs, act, ret in batches]


def main():
    torch.manual_seed(0)
    batches = [(torch.randn(8, 4), torch.randn(8, 2), torch.randn(8, 1)) for _ in range(3)]
    agent = Agent()
    history = []
    step = 0
    while step < len(batches):
        obs, act, ret = batches[step]
        history.append(agent.update(obs, act, ret))
        step += 1
    print(json.dumps({"losses": history}))


if __name__ == "__main__":
    main()
