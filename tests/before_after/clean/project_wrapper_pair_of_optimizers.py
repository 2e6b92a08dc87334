"""One object of the project holds two optimizers and steps and clears both."""
import torch


class BothOptimizers:
    def __init__(self, generator, critic):
        self.gen = torch.optim.Adam(generator.parameters(), lr=1e-4)
        self.crit = torch.optim.Adam(critic.parameters(), lr=1e-4)

    def step(self):
        self.gen.step()
        self.crit.step()

    def zero_grad(self):
        self.gen.zero_grad()
        self.crit.zero_grad()


def train(generator, critic, batches):
    both = BothOptimizers(generator, critic)
    for noise in batches:
        both.zero_grad()
        score = critic(generator(noise)).mean()
        score.backward()
        both.step()
