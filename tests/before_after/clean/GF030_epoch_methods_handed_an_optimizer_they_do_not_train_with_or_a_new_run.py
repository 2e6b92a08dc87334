"""Methods reached as `self.method(optimizer)` from an epoch loop that rebuilds an optimizer:
one only reports the optimizer's rate (it never steps it), one starts a new network each
epoch (a new run: the rebuild goes with it), and the hand fix (built once, its rate set in
`param_groups`)."""

import torch
import torch.nn.functional as F


class Probe:
    def __init__(self, net, loader, make_net):
        self.net, self.loader, self.make_net = net, loader, make_net
        self.trainer_opt = torch.optim.Adam(net.parameters(), lr=1e-3)

    def report(self, optimizer):
        for group in optimizer.param_groups:
            print(group["lr"])

    def train_one_epoch(self, optimizer):
        for x, y in self.loader:
            optimizer.zero_grad(set_to_none=True)
            F.mse_loss(self.net(x), y).backward()
            optimizer.step()

    def rates_only(self, epochs, lr):
        for epoch in range(epochs):
            shown = torch.optim.Adam(self.net.parameters(), lr=lr)
            self.report(shown)
            self.train_one_epoch(self.trainer_opt)
            lr = lr * 0.5

    def a_new_network_each_epoch(self, epochs, lr):
        for epoch in range(epochs):
            self.net = self.make_net()
            optimizer = torch.optim.Adam(self.net.parameters(), lr=lr)
            self.train_one_epoch(optimizer)
            lr = lr * 0.5

    def hand_fixed(self, epochs, lr):
        optimizer = torch.optim.Adam(self.net.parameters(), lr=lr)
        for epoch in range(epochs):
            for group in optimizer.param_groups:
                group["lr"] = lr
            self.train_one_epoch(optimizer)
            lr = lr * 0.5
