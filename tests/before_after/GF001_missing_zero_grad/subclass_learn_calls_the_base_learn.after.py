"""An agent subclass whose `learn` adjusts the batch and hands it to the base class's
`learn` through `super()`: the base class backpropagates and steps, and nothing clears."""
import torch
import torch.nn as nn


class BaseLearner:
    def __init__(self):
        self.net = nn.Linear(4, 2)
        self.opt = torch.optim.SGD(self.net.parameters(), lr=0.1)

    def learn(self, x):
        self.opt.zero_grad(set_to_none=True)
        loss = self.net(x).pow(2).mean()
        loss.backward()
        self.opt.step()
        return loss.item()


class ScaledLearner(BaseLearner):
    def learn(self, x):
        x = x * 2  # the subclass's own preprocessing
        return super().learn(x)


learner = ScaledLearner()
for step in range(10):
    learner.learn(torch.randn(8, 4))
