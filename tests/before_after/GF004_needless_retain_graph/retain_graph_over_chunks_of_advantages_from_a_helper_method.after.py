# A PPO update: the rollout comes from a buffer as lists of numpy arrays, the advantages from a
# method of the class that only does tensor arithmetic on detached values, and the shuffled
# tensors are cut into chunks bound to names before the minibatch loop. Nothing the chunks hold
# carries a graph and each minibatch loss is computed afresh, yet its backward keeps the graph.
import numpy as np
import torch
from torch import nn


class Agent:
    discount = 0.98
    smoothing = 0.9

    def __init__(self):
        self.actor = nn.Sequential(nn.Linear(4, 32), nn.Tanh(), nn.Linear(32, 2))
        self.critic = nn.Sequential(nn.Linear(4, 32), nn.Tanh(), nn.Linear(32, 1))
        self.actor_opt = torch.optim.Adam(self.actor.parameters(), lr=1e-3)
        self.critic_opt = torch.optim.Adam(self.critic.parameters(), lr=1e-3)

    def advantages(self, rewards, values, dones):
        gains = torch.zeros(rewards.size(0))
        running = 0.0
        for t in reversed(range(rewards.size(0))):
            running = rewards[t] - values[t] + self.discount * self.smoothing * running * (1 - dones[t])
            gains[t] = running
        return (gains - gains.mean()) / (gains.std() + 1e-8), gains + values

    def update(self, rollout):
        states = torch.from_numpy(np.stack(rollout.states)).float()
        n_chunks = max(1, states.size(0) // 64)
        actions = torch.tensor(np.stack(rollout.actions)).long()
        rewards = torch.Tensor(np.stack(rollout.rewards))
        dones = torch.Tensor(np.stack(rollout.dones))
        values = self.critic(states).data.squeeze(1)
        old_logp = torch.log_softmax(self.actor(states), 1).gather(1, actions[:, None]).squeeze(1).detach()
        adv, returns = self.advantages(rewards, values, dones)
        for _ in range(4):
            order = torch.randperm(states.size(0))
            s_all, a_all, adv_all, ret_all, old_all = states[order], actions[order], adv[order], returns[order], old_logp[order]
            s_all, a_all, adv_all, ret_all, old_all = (
                torch.chunk(s_all, n_chunks),
                torch.chunk(a_all, n_chunks),
                torch.chunk(adv_all, n_chunks),
                torch.chunk(ret_all, n_chunks),
                torch.chunk(old_all, n_chunks),
            )
            for s_b, a_b, adv_b, ret_b, old_b in zip(s_all, a_all, adv_all, ret_all, old_all):
                value_loss = (self.critic(s_b).squeeze(1) - ret_b).pow(2).mean()
                self.critic_opt.zero_grad()
                value_loss.backward()
                self.critic_opt.step()

                logp = torch.log_softmax(self.actor(s_b), 1).gather(1, a_b[:, None]).squeeze(1)
                ratio = torch.exp(logp - old_b)
                surrogate = -torch.min(ratio * adv_b, ratio.clamp(0.8, 1.2) * adv_b).mean()
                self.actor_opt.zero_grad()
                surrogate.backward()
                self.actor_opt.step()
