import torch


class Agent:
    def __init__(self, policy):
        self.policy = policy
        self.optimizer = torch.optim.RMSprop(policy.parameters(), lr=7e-4)
        self.updates = 0

    def learn(self, buffer, max_updates):
        while True:
            obs, returns = buffer.sample()
            values = self.policy(obs)
            loss = (returns - values).pow(2).mean()
            loss.backward()
            self.optimizer.step()
            self.updates += 1
            if self.updates >= max_updates:
                break
