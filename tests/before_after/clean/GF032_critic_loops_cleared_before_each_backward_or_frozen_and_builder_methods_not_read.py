"""Correct WGAN-style critic loops nested in the iteration, and optimizers built by methods
that gradfix must not read as built over the module handed in."""
import torch
from torch import nn


def critic_cleared_before_each_backward(G, D, data, iterations, n_critic=5):
    opt_g = torch.optim.Adam(G.parameters(), lr=1e-4, betas=(0.0, 0.9))
    opt_d = torch.optim.Adam(D.parameters(), lr=1e-4, betas=(0.0, 0.9))
    for _ in range(iterations):
        for _ in range(n_critic):
            opt_d.zero_grad()
            real = data[torch.randint(0, len(data), (32,))]
            fake = G(torch.randn(32, 8)).detach()
            loss_d = D(fake).mean() - D(real).mean()
            loss_d.backward()
            opt_d.step()
        opt_g.zero_grad()
        loss_g = -D(G(torch.randn(32, 8))).mean()
        loss_g.backward()
        opt_g.step()


def critic_cleared_once_before_its_loop(G, D, data, iterations, n_critic=5):
    opt_g = torch.optim.Adam(G.parameters(), lr=1e-4, betas=(0.0, 0.9))
    opt_d = torch.optim.Adam(D.parameters(), lr=1e-4, betas=(0.0, 0.9))
    for _ in range(iterations):
        D.zero_grad()
        for _ in range(n_critic):
            real = data[torch.randint(0, len(data), (32,))]
            fake = G(torch.randn(32, 8)).detach()
            loss_d = D(fake).mean() - D(real).mean()
            loss_d.backward()
            opt_d.step()
            opt_d.zero_grad()
        opt_g.zero_grad()
        loss_g = -D(G(torch.randn(32, 8))).mean()
        loss_g.backward()
        opt_g.step()


def critic_frozen_for_the_generator(G, D, data, iterations, n_critic=5):
    opt_g = torch.optim.Adam(G.parameters(), lr=1e-4, betas=(0.0, 0.9))
    opt_d = torch.optim.Adam(D.parameters(), lr=1e-4, betas=(0.0, 0.9))
    for _ in range(iterations):
        for p in D.parameters():
            p.requires_grad = True
        for _ in range(n_critic):
            real = data[torch.randint(0, len(data), (32,))]
            fake = G(torch.randn(32, 8)).detach()
            loss_d = D(fake).mean() - D(real).mean()
            loss_d.backward()
            opt_d.step()
            opt_d.zero_grad()
        for p in D.parameters():
            p.requires_grad = False
        opt_g.zero_grad()
        loss_g = -D(G(torch.randn(32, 8))).mean()
        loss_g.backward()
        opt_g.step()


class SharedOptimizerTrainer:
    """The builder ignores the module it is handed: both optimizers are over `self.G`."""

    def __init__(self):
        self.G = nn.Linear(8, 4)
        self.D = nn.Linear(4, 1)
        self.opt_g = self.build(self.G)
        self.opt_d = self.build(self.D)

    def build(self, net):
        return torch.optim.Adam(self.G.parameters(), lr=1e-4)

    def fit(self, loader):
        for real, z in loader:
            self.opt_g.zero_grad()
            self.opt_d.zero_grad()
            fake = self.G(z)
            g_loss = -self.D(fake).mean()
            d_loss = self.D(fake.detach()).mean() - self.D(real).mean()
            g_loss.backward()
            d_loss.backward()
            self.opt_g.step()
            self.opt_d.step()


class BaseTrainer:
    def __init__(self):
        self.G = nn.Linear(8, 4)
        self.D = nn.Linear(4, 1)
        self.opt_g = self.make_optimizer(self.G)
        self.opt_d = self.make_optimizer(self.D)

    def make_optimizer(self, net):
        return torch.optim.Adam(net.parameters(), lr=1e-4)

    def fit(self, loader):
        for real, z in loader:
            self.opt_g.zero_grad()
            self.opt_d.zero_grad()
            fake = self.G(z)
            g_loss = -self.D(fake).mean()
            d_loss = self.D(fake.detach()).mean() - self.D(real).mean()
            g_loss.backward()
            d_loss.backward()
            self.opt_g.step()
            self.opt_d.step()


class GeneratorOnlyTrainer(BaseTrainer):
    """Overrides the builder: every optimizer is over the generator, which only the
    generator's loss is meant to move."""

    def make_optimizer(self, net):
        return torch.optim.Adam(self.G.parameters(), lr=1e-4)
