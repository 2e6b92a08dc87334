from collections import deque

import torch
from torch import nn


def fit(net, batches, rounds):
    optimizer = torch.optim.Adagrad(net.parameters(), lr=0.05)
    criterion = nn.MSELoss()
    for _ in range(rounds):

        def update(pair):
            optimizer.zero_grad(set_to_none=True)
            inputs, targets = pair
            cost = criterion(net(inputs), targets)
            cost.backward()
            optimizer.step()

        deque(map(update, batches), maxlen=0)
    return net
