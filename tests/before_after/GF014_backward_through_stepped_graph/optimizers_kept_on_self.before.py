"""A trainer class keeps its models and optimizers on `self`; the critic's scores of the
generated batch are stored on `self` and read by the generator's loss after the critic's
step."""

import json

import torch
from torch import nn


class Trainer:
    def __init__(self, latent_dim=3):
        self.latent_dim = latent_dim
        self.gen = nn.Sequential(nn.Linear(latent_dim, 16), nn.Tanh(), nn.Linear(16, 5))
        self.critic = nn.Sequential(nn.Linear(5, 16), nn.Tanh(), nn.Linear(16, 1))
        self.gen_opt = torch.optim.RMSprop(self.gen.parameters(), lr=1e-3)
        self.critic_opt = torch.optim.RMSprop(self.critic.parameters(), lr=1e-3)

    def fit(self, batches):
        history = []
        for real in batches:
            self.gen_opt.zero_grad()
            self.critic_opt.zero_grad()
            fake = self.gen(torch.randn(real.size(0), self.latent_dim))
            self.fake_scores = self.critic(fake)
            critic_loss = self.fake_scores.mean() - self.critic(real).mean()
            critic_loss.backward(retain_graph=True)
            self.critic_opt.step()

            gen_loss = -self.fake_scores.mean()
            gen_loss.backward()
            self.gen_opt.step()
            history.append(critic_loss.item())
        return history


def main():
    torch.manual_seed(0)
    batches = [torch.randn(8, 5) for _ in range(3)]
    print(json.dumps({"losses": Trainer().fit(batches)}))


if __name__ == "__main__":
    main()
