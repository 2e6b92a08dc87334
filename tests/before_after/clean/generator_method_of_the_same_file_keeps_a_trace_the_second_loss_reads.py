import torch
from torch import nn


class Proposer(nn.Module):
    def __init__(self, latent: int, width: int) -> None:
        super().__init__()
        self.lift = nn.Linear(latent, width)
        self.trace = []

    def forward(self, z):
        return torch.sigmoid(self.lift(z))

    def propose(self, z):
        out = self.forward(z)
        self.trace.append(out.pow(2).mean())
        return out

    def spread(self):
        return torch.stack(self.trace).sum()


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
            self.gen.trace.clear()
            sample = self.gen.propose(torch.randn(32, self.latent))
            judge_loss = self.judge(sample).mean()
            self.judge_opt.zero_grad()
            judge_loss.backward(retain_graph=True)
            self.judge_opt.step()

            sample = self.gen.propose(torch.randn(32, self.latent))
            # the spread reads the trace of the first proposal too: its graph must survive
            gen_loss = -self.judge(sample).mean() + self.gen.spread()
            self.gen_opt.zero_grad()
            gen_loss.backward()
            self.gen_opt.step()
            step += 1
