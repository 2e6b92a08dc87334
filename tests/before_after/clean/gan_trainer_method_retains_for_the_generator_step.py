import torch
import torch.nn as nn
import torch.nn.functional as F


class PairTrainer:
    """The discriminator's loss reads the generator's output undetached: the generator's
    method backpropagates through that same graph afterwards, so the retain is needed."""

    def __init__(self, loader):
        self.gen = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 6))
        self.critic = nn.Sequential(nn.Linear(6, 8), nn.LeakyReLU(0.2), nn.Linear(8, 1))
        self.gen_opt = torch.optim.Adam(self.gen.parameters(), lr=2e-4)
        self.critic_opt = torch.optim.Adam(self.critic.parameters(), lr=2e-4)
        self.loader = loader

    def critic_update(self, real, made):
        self.critic_opt.zero_grad()
        loss = F.softplus(-self.critic(real)).mean() + F.softplus(self.critic(made)).mean()
        loss.backward(retain_graph=True)
        self.critic_opt.step()

    def gen_update(self, made):
        self.gen_opt.zero_grad()
        loss = F.softplus(-self.critic(made)).mean()
        loss.backward()
        self.gen_opt.step()

    def epoch(self):
        for real in self.loader:
            made = self.gen(torch.randn(real.size(0), 4))
            self.critic_update(real, made)
            self.gen_update(made)
