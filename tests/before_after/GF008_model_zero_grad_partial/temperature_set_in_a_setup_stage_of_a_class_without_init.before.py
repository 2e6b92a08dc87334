"""A contrastive trainer with no `__init__`: its `setup()` stage builds the encoder, a learned
log-temperature (`nn.Parameter`, owned by no module) and one optimizer over both; each step
clears only `self.encoder.zero_grad()`, so the temperature's gradient adds up across steps."""
import torch
import torch.nn as nn


class ContrastiveFit:
    def setup(self, dim):
        self.encoder = nn.Sequential(nn.Linear(dim, 32), nn.Tanh(), nn.Linear(32, 16))
        self.log_temp = nn.Parameter(torch.zeros(()))
        self.optim = torch.optim.Adam([*self.encoder.parameters(), self.log_temp], lr=1e-3)
        return self

    def epoch(self, pairs):
        for a, b in pairs:
            self.encoder.zero_grad()
            za, zb = self.encoder(a), self.encoder(b)
            logits = za @ zb.T * self.log_temp.exp()
            loss = nn.functional.cross_entropy(logits, torch.arange(len(a)))
            loss.backward()
            self.optim.step()
        return self
