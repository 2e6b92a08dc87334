import torch

from nets import Critic, Policy


class SoftLearner:
    def __init__(self, width: int, actions: int, tau: float = 0.01) -> None:
        self.policy = Policy(width, actions)
        self.value = Critic(width)
        self.target = Critic(width)
        self.policy_opt = torch.optim.Adam(self.policy.parameters(), lr=1e-3)
        self.value_opt = torch.optim.Adam(self.value.parameters(), lr=1e-3)
        self.tau = tau

    def follow(self):
        for mine, theirs in zip(self.target.parameters(), self.value.parameters()):
            mine.data.mul_(1 - self.tau).add_(self.tau * theirs.data)

    def learn(self, batches):
        for obs, rewards in batches:
            _, logp = self.policy.draw(obs)
            soft_target = rewards - logp
            value_loss = (self.value(obs) - soft_target).pow(2).mean()
            self.value_opt.zero_grad()
            value_loss.backward(retain_graph=True)
            self.value_opt.step()

            _, logp = self.policy.draw(obs)
            advantage = rewards - self.target(obs).detach()
            policy_loss = -(logp * advantage).mean()
            self.policy_opt.zero_grad()
            policy_loss.backward()
            self.policy_opt.step()
            self.follow()
