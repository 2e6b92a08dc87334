# A GAN step in a dataclass: the discriminator's output on the fake batch is kept with
# retain_graph=True and read again by the generator's loss after the discriminator stepped.
import dataclasses

import torch
import torch.nn as nn


@dataclasses.dataclass
class AdversarialStep:
    maker: nn.Module
    judge: nn.Module
    maker_opt: torch.optim.Optimizer
    judge_opt: torch.optim.Optimizer
    noise_dim: int = 4

    def __call__(self, batch):
        made = self.maker(torch.randn(batch.shape[0], self.noise_dim))
        verdict_real, verdict_made = self.judge(batch), self.judge(made)
        self.judge_opt.zero_grad()
        judge_loss = -(torch.log(torch.sigmoid(verdict_real)) + torch.log(1 - torch.sigmoid(verdict_made))).mean()
        judge_loss.backward(retain_graph=True)
        self.judge_opt.step()
        self.maker_opt.zero_grad()
        maker_loss = -torch.log(torch.sigmoid(verdict_made)).mean()
        maker_loss.backward()
        self.maker_opt.step()


maker, judge = nn.Linear(4, 6), nn.Linear(6, 1)
step = AdversarialStep(maker, judge, torch.optim.Adam(maker.parameters()), torch.optim.Adam(judge.parameters()))
for real in torch.randn(5, 8, 6):
    step(real)
