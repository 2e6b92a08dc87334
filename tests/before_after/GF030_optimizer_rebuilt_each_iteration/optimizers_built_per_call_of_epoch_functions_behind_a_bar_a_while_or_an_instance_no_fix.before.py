# Three functions that are one epoch each, written three ways: a plain function over a
# progress bar of the same loader (its result appended per epoch), a method whose `while`
# batch loop counts its own index, called by `self.run_epoch()` from a `while` epoch loop of
# another method, and a method with a Nesterov SGD called on an instance by a `for` over a
# `range` starting at 1. Each builds its optimizer again per epoch: reported, without a fix.
import torch
import torch.nn as nn
from tqdm import tqdm


def pass_over(network, loader, criterion, rate):
    network.train()
    adamw = torch.optim.AdamW(network.parameters(), lr=rate, weight_decay=0.01)
    seen = 0
    bar = tqdm(loader, desc="pass")
    for images, labels in bar:
        adamw.zero_grad(set_to_none=True)
        criterion(network(images), labels).backward()
        adamw.step()
        seen += len(images)
    return seen


class Learner:
    def __init__(self, net, batches):
        self.net = net
        self.batches = batches
        self.lossf = nn.MSELoss()

    def run_epoch(self):
        rms = torch.optim.RMSprop(self.net.parameters(), lr=1e-3)
        idx = 0
        while idx < len(self.batches):
            xb, yb = self.batches[idx]
            rms.zero_grad(set_to_none=True)
            self.lossf(self.net(xb), yb).backward()
            rms.step()
            idx += 1

    def fit(self, rounds):
        done = 0
        while done < rounds:
            self.run_epoch()
            done += 1


class Fitter:
    def __init__(self, net, batches):
        self.net = net
        self.batches = batches

    def one_epoch(self, lr):
        sgd = torch.optim.SGD(self.net.parameters(), lr=lr, momentum=0.9, nesterov=True)
        for x, y in self.batches:
            sgd.zero_grad(set_to_none=True)
            nn.functional.l1_loss(self.net(x), y).backward()
            sgd.step()


network = nn.Sequential(nn.Flatten(), nn.Linear(16, 4))
loader = [(torch.randn(2, 4, 4), torch.randint(0, 4, (2,))) for _ in range(3)]
criterion = nn.CrossEntropyLoss()
history = []
for epoch in range(1, 6):
    history.append(pass_over(network, loader, criterion, 3e-4))
Learner(nn.Linear(3, 1), [(torch.randn(4, 3), torch.randn(4, 1))] * 3).fit(5)
fitter = Fitter(nn.Linear(2, 2), [(torch.randn(3, 2), torch.randn(3, 2))])
for e in range(1, 20 + 1):
    fitter.one_epoch(0.05)
