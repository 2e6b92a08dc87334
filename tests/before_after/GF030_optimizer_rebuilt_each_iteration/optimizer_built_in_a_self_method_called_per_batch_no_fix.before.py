import torch


class Learner:
    def __init__(self, policy, lr):
        self.policy = policy
        self.lr = lr

    def update(self, obs, returns):
        adagrad = torch.optim.Adagrad(self.policy.parameters(), lr=self.lr)
        adagrad.zero_grad()
        loss = ((self.policy(obs).squeeze(-1) - returns) ** 2).mean()
        loss.backward()
        adagrad.step()

    def run(self, rollouts):
        i = 0
        while i < len(rollouts):
            obs, returns = rollouts[i]
            self.update(obs, returns)
            i += 1
