import torch
from torch import nn


class Proposer(nn.Module):
    def __init__(self, latent: int, width: int) -> None:
        super().__init__()
        self.lift = nn.Linear(latent, width)
        self.scale = 0.5

    def forward(self, z):
        return torch.sigmoid(self.lift(z))

    def propose(self, z):
        out = self.forward(z)
        return out, self.scale * out.pow(2).mean()


class Fitter:
    def __init__(self, latent: int, width: int) -> None:
        self.latent = latent
        self.gen = Proposer(latent, width)
        self.judge = nn.Linear(width, 1)
        self.gen_opt = torch.optim.SGD(self.gen.parameters(), lr=0.01)
        self.judge_opt = torch.optim.SGD(self.judge.parameters(), lr=0.01)

    def run(self, steps: int) -> None:
        step = 0
        while step < steps:
            sample, penalty = self.gen.propose(torch.randn(32, self.latent))
            judge_loss = self.judge(sample).mean() + penalty
            self.judge_opt.zero_grad()
            judge_loss.backward(retain_graph=True)
            self.judge_opt.step()

            sample, penalty = self.gen.propose(torch.randn(32, self.latent))
            gen_loss = -self.judge(sample).mean() + penalty
            self.gen_opt.zero_grad()
            gen_loss.backward()
            self.gen_opt.step()
            step += 1
