"""A WGAN step method: `n_critic` critic updates, each on a fresh fake batch read only through
`.detach()`, then one generator update on a batch generated again after the loop. The critic's
`retain_graph=True` keeps a graph nothing walks again (the batch comes in as a parameter: the
fix is unsafe, a caller could hand in a tensor with a graph)."""

import json

import torch
from torch import nn


class CriticTrainer:
    def __init__(self, maker, judge, latent=4):
        self.maker = maker
        self.judge = judge
        self.latent = latent
        self.maker_opt = torch.optim.RMSprop(self.maker.parameters(), lr=5e-4)
        self.judge_opt = torch.optim.RMSprop(self.judge.parameters(), lr=5e-4)

    def update(self, batch, n_critic=3):
        size = batch.size(0)
        judge_total = 0.0
        for _ in range(n_critic):
            sample = self.maker(torch.randn(size, self.latent))
            judge_loss = self.judge(sample.detach()).mean() - self.judge(batch).mean()
            self.judge_opt.zero_grad()
            judge_loss.backward(retain_graph=True)
            self.judge_opt.step()
            judge_total += judge_loss.item()
        sample = self.maker(torch.randn(size, self.latent))
        maker_loss = -self.judge(sample).mean()
        self.maker_opt.zero_grad()
        maker_loss.backward()
        self.maker_opt.step()
        return judge_total / n_critic, maker_loss.item()


def main():
    torch.manual_seed(0)
    trainer = CriticTrainer(nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 6)), nn.Linear(6, 1))
    history = [trainer.update(torch.randn(8, 6)) for _ in range(3)]
    print(json.dumps({"losses": history}))


if __name__ == "__main__":
    main()
