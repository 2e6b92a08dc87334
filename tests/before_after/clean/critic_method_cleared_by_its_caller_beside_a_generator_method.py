import torch
import torch.nn as nn
import torch.nn.functional as F


class CallerClearedPair:
    """The loop clears the critic's optimizer before calling the critic's method; the
    generator's method clears its own: every step applies one batch's gradients."""

    def __init__(self, batches):
        self.maker = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 6))
        self.judge = nn.Sequential(nn.Linear(6, 8), nn.LeakyReLU(0.2), nn.Linear(8, 1))
        self.maker_opt = torch.optim.Adam(self.maker.parameters(), lr=2e-4)
        self.judge_opt = torch.optim.RMSprop(self.judge.parameters(), lr=5e-5)
        self.batches = batches

    def judge_round(self, real, made):
        loss = F.softplus(-self.judge(real)).mean() + F.softplus(self.judge(made.detach())).mean()
        loss.backward()
        self.judge_opt.step()

    def maker_round(self, made):
        self.maker_opt.zero_grad()
        loss = F.softplus(-self.judge(made)).mean()
        loss.backward()
        self.maker_opt.step()

    def run(self):
        for real in self.batches:
            made = self.maker(torch.randn(real.size(0), 4))
            self.judge_opt.zero_grad()
            self.judge_round(real, made)
            self.maker_round(made)
