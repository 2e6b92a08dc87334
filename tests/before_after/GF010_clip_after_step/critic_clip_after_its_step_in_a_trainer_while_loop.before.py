import torch
from torch import nn


class AdversarialTrainer:
    def __init__(self, encoder: nn.Module, judge: nn.Module, max_norm: float = 0.5):
        self.encoder = encoder
        self.judge = judge
        self.enc_optim = torch.optim.Adam(self.encoder.parameters(), lr=1e-4)
        self.judge_optim = torch.optim.Adam(self.judge.parameters(), lr=1e-4)
        self.max_norm = max_norm

    def fit(self, batches):
        it = 0
        while it < len(batches):
            source, target = batches[it]
            codes = self.encoder(source)
            self.judge_optim.zero_grad()
            judge_loss = self.judge(codes.detach()).mean() - self.judge(target).mean()
            judge_loss.backward()
            self.judge_optim.step()
            nn.utils.clip_grad_value_(self.judge.parameters(), self.max_norm)
            self.enc_optim.zero_grad()
            enc_loss = -self.judge(codes).mean()
            enc_loss.backward()
            self.enc_optim.step()
            it += 1
