import torch
from torch import nn


class ActorCritic(nn.Module):
    def __init__(self, n_obs, n_actions):
        super().__init__()
        self.actor = nn.Linear(n_obs, n_actions)
        self.critic = nn.Linear(n_obs, 1)

    def forward(self, obs):
        return torch.distributions.Categorical(logits=self.actor(obs)), self.critic(obs).squeeze(-1)


class A2C:
    """`update` is a dict's method name too: here it is the agent's own."""

    def __init__(self, n_obs, n_actions, lr=7e-4):
        self.net = ActorCritic(n_obs, n_actions)
        self.opt = torch.optim.RMSprop(self.net.parameters(), lr=lr)

    def update(self, obs, actions, returns):
        self.opt.zero_grad(set_to_none=True)
        dist, values = self.net(obs)
        advantage = returns - values
        loss = -(dist.log_prob(actions) * advantage.detach()).mean() + advantage.pow(2).mean()
        loss.backward()
        self.opt.step()
        return loss.item()


def train(env, updates=1000):
    algo = A2C(env.n_obs, env.n_actions)
    stats = {}
    for _ in range(updates):
        obs, actions, returns = env.rollout(algo.net)
        stats.update(loss=algo.update(obs, actions, returns))
    return stats
