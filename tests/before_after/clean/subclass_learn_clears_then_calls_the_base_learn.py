"""The subclass clears before it hands the batch to the base class's `learn`: every
iteration starts from fresh gradients."""
import torch
import torch.nn as nn


class BaseLearner:
    def __init__(self):
        self.net = nn.Linear(4, 2)
        self.opt = torch.optim.SGD(self.net.parameters(), lr=0.1)

    def learn(self, x):
        loss = self.net(x).pow(2).mean()
        loss.backward()
        self.opt.step()
        return loss.item()


class ScaledLearner(BaseLearner):
    def learn(self, x):
        self.opt.zero_grad(set_to_none=True)
        return super(ScaledLearner, self).learn(x * 2)


learner = ScaledLearner()
for step in range(10):
    learner.learn(torch.randn(8, 4))
