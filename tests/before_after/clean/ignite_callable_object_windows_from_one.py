import torch
import torch.nn.functional as F
from ignite.engine import Engine

EVERY = 4


class WindowedUpdate:
    """Objects handed to `Engine(...)` as the process function, with correct windows:
    `engine.state.iteration` counts from 1, so `% N == 0` closes full windows."""

    def __init__(self, net, optimizer):
        self.net = net
        self.optimizer = optimizer

    def __call__(self, engine, batch):
        inputs, targets = batch
        loss = F.mse_loss(self.net(inputs), targets) / EVERY
        loss.backward()
        if engine.state.iteration % EVERY == 0:
            self.optimizer.step()
            self.optimizer.zero_grad(set_to_none=True)
        return loss.item()


class PlainUpdate:
    def __init__(self, net, optimizer):
        self.net = net
        self.optimizer = optimizer

    def __call__(self, engine, batch):
        inputs, targets = batch
        self.optimizer.zero_grad(set_to_none=True)
        loss = F.mse_loss(self.net(inputs), targets)
        loss.backward()
        self.optimizer.step()
        return loss.item()


class NotAnUpdate:
    """Called per batch by nobody: a `__call__` that backpropagates and steps, never handed to
    an engine (`Engine(step)` below hands a `PlainUpdate`)."""

    def __init__(self, net, optimizer):
        self.net = net
        self.optimizer = optimizer

    def __call__(self, inputs, targets):
        loss = F.mse_loss(self.net(inputs), targets)
        loss.backward()
        self.optimizer.step()


regressor = torch.nn.Linear(6, 1)
adam = torch.optim.Adam(regressor.parameters(), lr=1e-3)
windowed = Engine(WindowedUpdate(regressor, adam))
step = PlainUpdate(regressor, adam)
plain = Engine(step)
