import torch

from nets import Critic, Policy


class SoftLearner:
    def __init__(self, width: int, actions: int) -> None:
        self.policy = Policy(width, actions)
        self.value = Critic(width)
        self.policy_opt = torch.optim.Adam(self.policy.parameters(), lr=1e-3)
        self.value_opt = torch.optim.Adam(self.value.parameters(), lr=1e-3)

    def learn(self, batches):
        for obs, rewards in batches:
            _, logp = self.policy.draw(obs)
            value_loss = (self.value(obs) - (rewards - logp)).pow(2).mean()
            self.value_opt.zero_grad()
            # the regulariser below reads the features of this draw: the graph must survive
            value_loss.backward(retain_graph=True)
            self.value_opt.step()

            advantage = rewards - self.value(obs).detach()
            policy_loss = -(logp.detach() * advantage).mean() + 0.1 * self.policy.smoothness()
            self.policy_opt.zero_grad()
            policy_loss.backward()
            self.policy_opt.step()
