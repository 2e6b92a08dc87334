import torch
from torch import nn


class Tracker:
    """The running score is kept with its graph and added to the next losses: their backward
    walks earlier iterations' graphs too, so `retain_graph=True` is needed."""

    def __init__(self):
        self.net = nn.Linear(6, 4)
        self.opt = torch.optim.SGD(self.net.parameters(), lr=0.01)
        self.ema = torch.zeros(())
        self.correct = 0

    def fit(self, batches, max_steps):
        step = 0
        while step < max_steps:
            features, labels = batches[step % len(batches)]
            self.opt.zero_grad()
            scores = self.net(features)
            self.ema = self.ema * 0.9 + scores.max(dim=1).values.mean()
            loss = nn.functional.cross_entropy(scores, labels) + 0.01 * self.ema
            loss.backward(retain_graph=True)
            self.opt.step()
            self.correct = self.correct + (scores.argmax(1) == labels).sum()
            step += 1
