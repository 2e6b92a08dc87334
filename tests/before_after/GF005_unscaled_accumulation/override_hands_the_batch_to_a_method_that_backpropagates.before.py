import torch
import torch.nn.functional as F


class Engine:
    def __init__(self, net, batches, accumulate=4):
        self.net = net
        self.batches = batches
        self.accumulate = accumulate
        self.opt = torch.optim.SGD(net.parameters(), lr=0.1)

    def step_batch(self, batch):
        raise NotImplementedError

    def run(self, epochs):
        for _ in range(epochs):
            for index, batch in enumerate(self.batches):
                self.step_batch(batch)
                if index % self.accumulate == self.accumulate - 1 or index == len(self.batches) - 1:
                    self.opt.step()
                    self.opt.zero_grad()


class Classifier(Engine):
    def losses(self, batch, train=True):
        x, y = batch
        loss = F.cross_entropy(self.net(x), y)
        if train:
            loss.backward()
        return loss.item()

    def step_batch(self, batch):
        return self.losses(batch, train=True)
