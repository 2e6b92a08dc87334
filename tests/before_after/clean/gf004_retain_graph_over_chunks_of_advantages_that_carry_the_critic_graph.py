# Advantages from helpers whose results carry the critic's graph: a helper that runs the critic
# itself, a plain helper handed values that were not detached, and a helper scaling by a learned
# parameter of the class. Every minibatch loss reaches that one graph built before the loop, so
# each backward after the first needs it kept: retain_graph=True stays.
import numpy as np
import torch
from torch import nn


class Agent:
    discount = 0.98

    def __init__(self):
        self.actor = nn.Sequential(nn.Linear(4, 32), nn.Tanh(), nn.Linear(32, 2))
        self.critic = nn.Sequential(nn.Linear(4, 32), nn.Tanh(), nn.Linear(32, 1))
        self.temperature = nn.Parameter(torch.ones(()))
        self.actor_opt = torch.optim.Adam(self.actor.parameters(), lr=1e-3)

    def advantages_from_critic(self, states, rewards):
        return rewards - self.critic(states).squeeze(1)

    def advantages(self, rewards, values):
        gains = torch.zeros(rewards.size(0))
        for t in range(rewards.size(0)):
            gains[t] = rewards[t] - self.discount * values[t]
        return gains

    def scaled(self, rewards):
        return rewards * self.temperature

    def update_with_critic_helper(self, rollout):
        states = torch.from_numpy(np.stack(rollout.states)).float()
        actions = torch.from_numpy(np.stack(rollout.actions)).long()
        rewards = torch.from_numpy(np.stack(rollout.rewards)).float()
        adv = self.advantages_from_critic(states, rewards)
        for _ in range(2):
            s_all, a_all, adv_all = torch.chunk(states, 4), torch.chunk(actions, 4), torch.chunk(adv, 4)
            for s_b, a_b, adv_b in zip(s_all, a_all, adv_all):
                logp = torch.log_softmax(self.actor(s_b), 1).gather(1, a_b[:, None]).squeeze(1)
                loss = -(logp * adv_b).mean()
                self.actor_opt.zero_grad()
                loss.backward(retain_graph=True)
                self.actor_opt.step()

    def update_with_live_values(self, rollout):
        states = torch.from_numpy(np.stack(rollout.states)).float()
        actions = torch.from_numpy(np.stack(rollout.actions)).long()
        rewards = torch.from_numpy(np.stack(rollout.rewards)).float()
        values = self.critic(states).squeeze(1)
        adv = self.advantages(rewards, values)
        for _ in range(2):
            s_all, a_all, adv_all = torch.chunk(states, 4), torch.chunk(actions, 4), torch.chunk(adv, 4)
            for s_b, a_b, adv_b in zip(s_all, a_all, adv_all):
                logp = torch.log_softmax(self.actor(s_b), 1).gather(1, a_b[:, None]).squeeze(1)
                loss = -(logp * adv_b).mean()
                self.actor_opt.zero_grad()
                loss.backward(retain_graph=True)
                self.actor_opt.step()

    def update_with_learned_scale(self, rollout):
        states = torch.from_numpy(np.stack(rollout.states)).float()
        actions = torch.from_numpy(np.stack(rollout.actions)).long()
        rewards = torch.from_numpy(np.stack(rollout.rewards)).float()
        adv = self.scaled(rewards)
        for _ in range(2):
            s_all, a_all, adv_all = torch.chunk(states, 4), torch.chunk(actions, 4), torch.chunk(adv, 4)
            for s_b, a_b, adv_b in zip(s_all, a_all, adv_all):
                logp = torch.log_softmax(self.actor(s_b), 1).gather(1, a_b[:, None]).squeeze(1)
                loss = -(logp * adv_b).mean()
                self.actor_opt.zero_grad()
                loss.backward(retain_graph=True)
                self.actor_opt.step()
