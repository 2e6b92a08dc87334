import torch
from torch import nn
from torch.optim.lr_scheduler import MultiStepLR


class Experiment:
    def __init__(self, net, max_epochs):
        self.net = net
        self.max_epochs = max_epochs
        self.optimizer = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)

    def run_epoch(self, loader):
        lr_sched = MultiStepLR(self.optimizer, milestones=[30, 60], gamma=0.1)
        losses = []
        for inputs, targets in loader:
            self.optimizer.zero_grad()
            loss = nn.functional.cross_entropy(self.net(inputs), targets)
            loss.backward()
            self.optimizer.step()
            losses.append(loss.item())
        lr_sched.step()
        return sum(losses) / len(losses)

    def fit(self, loader):
        epoch = 0
        while epoch < self.max_epochs:
            mean_loss = self.run_epoch(loader)
            print(epoch, mean_loss)
            epoch += 1
