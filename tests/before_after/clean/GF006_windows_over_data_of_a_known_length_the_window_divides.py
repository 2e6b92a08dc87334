"""Accumulation windows over data whose length the code fixes and the window divides: every
window is whole, the last step comes on the last micro-batch, there is nothing to flush."""

import random

import torch
import torch.nn as nn

torch.manual_seed(0)
ACCUM = 2
net = nn.Sequential(nn.Linear(3, 6), nn.Tanh(), nn.Linear(6, 1))
criterion = nn.MSELoss()
first = (torch.randn(4, 3), torch.randn(4, 1))
second = (torch.randn(4, 3), torch.randn(4, 1))


def shuffled_six():
    # six micro-batches from a comprehension over range(6), windows of two
    sgd = torch.optim.SGD(net.parameters(), lr=0.1)
    pieces = [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(6)]
    for epoch in range(3):
        random.shuffle(pieces)
        for i, (inputs, targets) in enumerate(pieces):
            (criterion(net(inputs), targets) / ACCUM).backward()
            if (i + 1) % ACCUM == 0:
                sgd.step()
                sgd.zero_grad()


def counted_four():
    # a tuple of four micro-batches, counted by hand in each pass
    sgd = torch.optim.SGD(net.parameters(), lr=0.1)
    quartet = (first, second, second, first)
    for epoch in range(2):
        seen = 0
        for inputs, targets in quartet:
            (criterion(net(inputs), targets) / ACCUM).backward()
            seen += 1
            if seen % ACCUM == 0:
                sgd.step()
                sgd.zero_grad()


def fit(accum_steps):
    # as many micro-batches as four windows, whatever the window is
    shards = [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(4 * accum_steps)]
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for epoch in range(2):
        for n, (inputs, targets) in enumerate(shards, 1):
            (criterion(net(inputs), targets) / accum_steps).backward()
            if n % accum_steps == 0:
                opt.step()
                opt.zero_grad()


def listed_in_the_header():
    # a list display enumerated in the loop's own header
    sgd = torch.optim.SGD(net.parameters(), lr=0.1)
    for epoch in range(2):
        for i, (inputs, targets) in enumerate([first, second, first, second]):
            (criterion(net(inputs), targets) / ACCUM).backward()
            if (i + 1) % ACCUM == 0:
                sgd.step()
                sgd.zero_grad()


shuffled_six()
counted_four()
fit(3)
listed_in_the_header()
