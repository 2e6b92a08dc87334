import torch
from torch import nn


class Trainer:
    def __init__(self, net, batches):
        self.net = net
        self.batches = batches
        self.opt = torch.optim.Adam(net.parameters(), lr=1e-3)

    def score(self):
        self.net.eval()
        with torch.no_grad():
            total = sum(float(self.net(x).sum()) for x, _ in self.batches)
        return total
        self.net.train()

    def fit(self, epochs):
        for epoch in range(epochs):
            for x, y in self.batches:
                self.opt.zero_grad(set_to_none=True)
                loss = nn.functional.mse_loss(self.net(x), y)
                loss.backward()
                self.opt.step()
            print(epoch, self.score())
