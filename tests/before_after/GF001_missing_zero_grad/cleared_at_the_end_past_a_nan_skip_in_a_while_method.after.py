import math

import torch


class Learner:
    def __init__(self, net, stream):
        self.net = net
        self.stream = stream
        self.optim = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)

    def learn(self, updates):
        n = 0
        while n < updates:
            self.optim.zero_grad(set_to_none=True)
            n += 1
            inputs, targets = next(self.stream)
            objective = torch.nn.functional.cross_entropy(self.net(inputs), targets)
            objective.backward()
            torch.nn.utils.clip_grad_norm_(self.net.parameters(), 1.0)
            if math.isnan(objective.item()) or math.isinf(objective.item()):
                continue
            self.optim.step()
            self.optim.zero_grad()
