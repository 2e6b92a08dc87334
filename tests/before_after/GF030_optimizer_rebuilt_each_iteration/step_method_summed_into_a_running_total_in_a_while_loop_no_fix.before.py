import torch
from torch import nn


class Learner:
    def __init__(self, net):
        self.net = net

    def fit_batch(self, inputs, targets):
        opt = torch.optim.RMSprop(self.net.parameters(), lr=0.01)
        opt.zero_grad()
        loss = nn.functional.cross_entropy(self.net(inputs), targets)
        loss.backward()
        opt.step()
        return float(loss)


learner = Learner(nn.Linear(6, 3))
running, step = 0.0, 0
while step < 20:
    running += learner.fit_batch(torch.randn(5, 6), torch.randint(0, 3, (5,))) * 0.1
    step += 1
