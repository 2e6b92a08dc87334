from dataclasses import dataclass
from typing import NamedTuple

import torch
import torch.nn.functional as F


class Outcome(NamedTuple):
    loss: float
    norm: float


@dataclass
class Metrics:
    loss: float
    correct: int


def make_update(net, opt, clip=1.0):
    def update(inputs, labels):
        opt.zero_grad()
        loss = F.cross_entropy(net(inputs), labels)
        loss.backward(retain_graph=True)
        norm = torch.nn.utils.clip_grad_norm_(net.parameters(), clip)
        opt.step()
        return Outcome(loss.item(), float(norm))

    return update


class Trainer:
    def __init__(self, net, opt):
        self.net = net
        self.opt = opt

    def train_step(self, inputs, labels):
        self.opt.zero_grad()
        logits = self.net(inputs)
        loss = F.cross_entropy(logits, labels)
        loss.backward(retain_graph=True)
        self.opt.step()
        return Metrics(loss=loss.item(), correct=int((logits.argmax(1) == labels).sum()))

    def fit(self, loader, steps):
        done = 0
        while done < steps:
            for inputs, labels in loader:
                print(self.train_step(inputs, labels))
                done += 1


def run(net, loader):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    update = make_update(net, opt)
    for inputs, labels in loader:
        outcome = update(inputs, labels)
        print(outcome.loss)
