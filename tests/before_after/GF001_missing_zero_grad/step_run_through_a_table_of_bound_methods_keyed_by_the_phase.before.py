import torch
from torch import nn


class Runner:
    def __init__(self, net, train_data, val_data):
        self.net = net
        self.train_data = train_data
        self.val_data = val_data
        self.optimizer = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)
        self.routes = {"fit": self._fit_step, "score": self._score_step}
        self.hits = 0

    def run(self, epochs):
        for _ in range(epochs):
            for mode, data in (("fit", self.train_data), ("score", self.val_data)):
                for batch in data:
                    self.routes[mode](batch)

    def _fit_step(self, batch):
        inputs, labels = batch
        loss = nn.functional.cross_entropy(self.net(inputs), labels)
        loss.backward()
        self.optimizer.step()

    def _score_step(self, batch):
        inputs, labels = batch
        with torch.no_grad():
            self.hits += int((self.net(inputs).argmax(1) == labels).sum())
