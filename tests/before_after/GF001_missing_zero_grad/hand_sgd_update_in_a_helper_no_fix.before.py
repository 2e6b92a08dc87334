import torch
import torch.nn.functional as F


def descend(net, inputs, targets, lr=0.05):
    F.mse_loss(net(inputs), targets).backward()
    with torch.no_grad():
        for weight in net.parameters():
            weight.sub_(lr * weight.grad)


class Learner:
    def __init__(self, net):
        self.net = net

    def update(self, batch):
        inputs, targets = batch
        loss = F.mse_loss(self.net(inputs), targets)
        loss.backward()
        with torch.no_grad():
            for w in self.net.parameters():
                w -= 0.01 * w.grad


def run(net, batches):
    for inputs, targets in batches:
        descend(net, inputs, targets)


def run_while(net, stream):
    learner = Learner(net)
    batch = next(stream, None)
    while batch is not None:
        learner.update(batch)
        batch = next(stream, None)
