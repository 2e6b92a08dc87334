import torch
from torch import nn


class Average:
    def __init__(self):
        self.sum, self.n = 0, 0

    def add(self, value):
        self.n += value.data.numel()
        value = value.data.sum()
        self.sum += value

    def mean(self):
        return self.sum / max(self.n, 1)


model = nn.Linear(3, 2)
sgd = torch.optim.SGD(model.parameters(), lr=0.1)
avg = Average()
for _ in range(5):
    cost = nn.functional.cross_entropy(model(torch.randn(4, 3)), torch.randint(0, 2, (4,)))
    sgd.zero_grad(set_to_none=True)
    cost.backward()
    sgd.step()
    avg.add(cost)
