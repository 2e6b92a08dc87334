import torch
import torch.nn as nn
import torch.nn.functional as F


class AdversarialPair:
    """The generator's method clears its own optimizer; the critic's never clears: its
    gradients pile up over every batch (and the generator's backward adds to them too)."""

    def __init__(self, batches):
        self.maker = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 6))
        self.judge = nn.Sequential(nn.Linear(6, 8), nn.LeakyReLU(0.2), nn.Linear(8, 1))
        self.maker_optim = torch.optim.Adam(self.maker.parameters(), lr=2e-4)
        self.judge_optim = torch.optim.RMSprop(self.judge.parameters(), lr=5e-5)
        self.batches = batches

    def judge_turn(self, real, made):
        loss = F.softplus(-self.judge(real)).mean() + F.softplus(self.judge(made.detach())).mean()
        loss.backward()
        self.judge_optim.step()
        return loss.item()

    def maker_turn(self, made):
        self.maker_optim.zero_grad()
        loss = F.softplus(-self.judge(made)).mean()
        loss.backward()
        self.maker_optim.step()
        return loss.item()

    def run(self, rounds):
        done = 0
        while done < rounds:
            for real in self.batches:
                made = self.maker(torch.randn(real.size(0), 4))
                self.judge_turn(real, made)
                self.maker_turn(made)
            done += 1
