import torch
from torch import nn


def adversarial_update(owner, x, y):
    feats = owner.encoder(x)
    judged = owner.judge(feats)
    owner.judge_opt.zero_grad()
    judged.square().mean().backward(retain_graph=True)
    owner.judge_opt.step()
    owner.enc_opt.zero_grad()
    total = nn.functional.mse_loss(feats.sum(1, keepdim=True), y) + judged.mean()
    total.backward()
    owner.enc_opt.step()


class Pair:
    def __init__(self, data):
        self.encoder = nn.Linear(4, 8)
        self.judge = nn.Sequential(nn.ReLU(), nn.Linear(8, 1))
        self.judge_opt = torch.optim.Adam(self.judge.parameters(), lr=1e-3)
        self.enc_opt = torch.optim.Adam(self.encoder.parameters(), lr=1e-3)
        self.data = data

    def train(self, rounds):
        n = 0
        while n < rounds:
            for x, y in self.data:
                adversarial_update(self, x, y)
            n += 1


Pair([(torch.randn(2, 4), torch.randn(2, 1))]).train(2)
