import torch
from torch import nn


class Learner:
    def __init__(self, body):
        self.body = body
        self.optim = torch.optim.Adam(self.body.parameters(), lr=1e-3)

    def learn_on(self, x, y):
        raise NotImplementedError

    def loop(self, batches):
        queue = list(batches)
        while queue:
            x, y = queue.pop(0)
            self.learn_on(x, y)


class HeadLearner(Learner):
    def __init__(self, body, classes=3):
        super().__init__(body)
        self.top = nn.Linear(8, classes)
        self.optim = torch.optim.Adam([{"params": self.body.parameters()}, {"params": self.top.parameters(), "lr": 1e-2}], lr=1e-3)

    def learn_on(self, x, y):
        self.body.zero_grad(set_to_none=True)
        loss = nn.functional.cross_entropy(self.top(self.body(x)), y)
        loss.backward()
        self.optim.step()
