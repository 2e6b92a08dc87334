import torch
from torch import nn


class Runner:
    def __init__(self, net, batches, accumulate=6):
        self.net = net
        self.batches = batches
        self.accumulate = accumulate
        self.opt = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)

    def train_one(self):
        self.net.train()
        self.opt.zero_grad()
        n = -1  # the flush after the loop reads it, also when the loop runs no batch
        for n, (inputs, labels) in enumerate(self.batches):
            loss = nn.functional.mse_loss(self.net(inputs), labels) / self.accumulate
            loss.backward()
            if (n + 1) % self.accumulate == 0:
                self.opt.step()
                self.opt.zero_grad()

        # the last micro-batches did not fill a whole window: step on them too
        if (n + 1) % self.accumulate != 0:
            self.opt.step()
            self.opt.zero_grad()

    def check(self):
        print("validation done")  # self.opt.step("not here")
        # self.sched.step(score)

    def run(self, epochs):
        for _ in range(epochs):
            self.train_one()
            self.check()
