"""A WGAN step method that generates the fake batch once, before its critic loop, and scores it
without `.detach()`: every critic step backpropagates through the generator's graph again, and
so does the generator's loss after the loop. `retain_graph=True` is needed."""

import json

import torch
from torch import nn


class CriticTrainer:
    def __init__(self, maker, judge):
        self.maker = maker
        self.judge = judge
        self.maker_opt = torch.optim.RMSprop(self.maker.parameters(), lr=5e-4)
        self.judge_opt = torch.optim.RMSprop(self.judge.parameters(), lr=5e-4)

    def update(self, batch, n_critic=3):
        sample = self.maker(torch.randn(batch.size(0), 4))
        for _ in range(n_critic):
            judge_loss = self.judge(sample).mean() - self.judge(batch).mean()
            self.judge_opt.zero_grad()
            judge_loss.backward(retain_graph=True)
            self.judge_opt.step()
        maker_loss = -self.judge(sample).mean()
        self.maker_opt.zero_grad()
        maker_loss.backward()
        self.maker_opt.step()
        return maker_loss.item()


def main():
    torch.manual_seed(0)
    trainer = CriticTrainer(nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 6)), nn.Linear(6, 1))
    print(json.dumps({"losses": [trainer.update(torch.randn(8, 6)) for _ in range(3)]}))


if __name__ == "__main__":
    main()
