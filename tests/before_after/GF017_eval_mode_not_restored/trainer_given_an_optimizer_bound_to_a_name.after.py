import torch
from torch import nn


def accuracy(net, batches):
    net.eval()
    with torch.no_grad():
        return sum((net(x).argmax(1) == y).float().mean().item() for x, y in batches) / len(batches)


class Runner:
    def __init__(self, net, optim, batches):
        self.net = net
        self.optim = optim
        self.batches = batches

    def run(self, epochs):
        for epoch in range(epochs):
            for x, y in self.batches:
                self.optim.zero_grad(set_to_none=True)
                nn.functional.cross_entropy(self.net(x), y).backward()
                self.optim.step()
            print(epoch, accuracy(self.net, self.batches))
            self.net.train()


classifier = nn.Sequential(nn.Linear(5, 10), nn.Dropout(0.2), nn.Linear(10, 2))
adam = torch.optim.Adam(classifier.parameters(), lr=1e-3)
Runner(classifier, adam, [(torch.randn(4, 5), torch.randint(0, 2, (4,))) for _ in range(3)]).run(3)
