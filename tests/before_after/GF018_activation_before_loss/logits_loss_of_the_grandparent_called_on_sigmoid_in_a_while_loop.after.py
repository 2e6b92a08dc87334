import abc

import torch
from torch import nn


class LearnerBase(abc.ABC):
    def __init__(self, net, lr):
        self.net = net
        self.objective = nn.BCEWithLogitsLoss(reduction="mean")
        self.opt = torch.optim.SGD(net.parameters(), lr=lr)

    @abc.abstractmethod
    def fit(self, batches, steps):
        ...


class Learner(LearnerBase):
    def predict(self, features):
        with torch.no_grad():
            return self.net(features) > 0


class MultiLabelLearner(Learner):
    def fit(self, batches, steps):
        step = 0
        while step < steps:
            features, targets = batches[step % len(batches)]
            self.opt.zero_grad()
            scores = self.net(features)
            self.objective(scores, targets).backward()
            self.opt.step()
            step += 1
