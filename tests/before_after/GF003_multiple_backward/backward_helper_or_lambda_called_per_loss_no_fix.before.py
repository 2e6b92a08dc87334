import torch
from torch import nn


def descend(term):
    term.backward(retain_graph=True)


def train(model, loader):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in loader:
        opt.zero_grad(set_to_none=True)
        out = model(x)
        fit_loss = nn.functional.mse_loss(out, y)
        penalty = out.pow(2).mean()
        descend(fit_loss)
        descend(0.1 * penalty)
        opt.step()


def fit(network, batches):
    optimiser = torch.optim.Adam(network.parameters(), lr=1e-3)
    push = lambda value: value.backward(retain_graph=True)
    i = 0
    while i < len(batches):
        inputs, targets = batches[i]
        optimiser.zero_grad(set_to_none=True)
        scores = network(inputs)
        push(nn.functional.l1_loss(scores, targets))
        push(scores.abs().mean())
        optimiser.step()
        i += 1


class Learner:
    def __init__(self, net):
        self.net = net
        self.opt = torch.optim.SGD(net.parameters(), lr=0.05)
        self.propagate = lambda loss: loss.backward(retain_graph=True)

    def epoch(self, data):
        for x, y in data:
            self.opt.zero_grad(set_to_none=True)
            pred = self.net(x)
            self.propagate(nn.functional.mse_loss(pred, y))
            self.propagate(pred.var())
            self.opt.step()
