import torch
from torch import nn


def built_once_before_the_epochs(net, batches, n_epochs):
    sgd = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)

    def train_one(inputs, targets):
        sgd.zero_grad(set_to_none=True)
        nn.functional.mse_loss(net(inputs), targets).backward()
        sgd.step()
        return 0

    for _ in range(n_epochs):
        [train_one(inputs, targets) for inputs, targets in batches]


def a_new_run_per_fold(make_net, folds):
    def train_one(net, inputs, targets):
        adam.zero_grad(set_to_none=True)
        nn.functional.mse_loss(net(inputs), targets).backward()
        adam.step()

    for fold in folds:
        net = make_net()
        adam = torch.optim.Adam(net.parameters(), lr=1e-3)
        [train_one(net, inputs, targets) for inputs, targets in fold]


def the_closure_is_handed_its_own_optimizer(net, batches, n_epochs):
    def train_one(adam, inputs, targets):
        adam.zero_grad(set_to_none=True)
        nn.functional.mse_loss(net(inputs), targets).backward()
        adam.step()

    for _ in range(n_epochs):
        adam = torch.optim.Adam(net.parameters(), lr=1e-3)
        fresh = torch.optim.Adam(net.parameters(), lr=1e-3)
        for inputs, targets in batches:
            train_one(fresh, inputs, targets)
        print(adam)


def the_closure_binds_its_own(net, batches, n_epochs):
    def train_one(inputs, targets):
        adam = torch.optim.SGD(net.parameters(), lr=1e-3)
        adam.zero_grad(set_to_none=True)
        nn.functional.mse_loss(net(inputs), targets).backward()
        adam.step()

    for _ in range(n_epochs):
        adam = torch.optim.Adam(net.parameters(), lr=1e-3)
        for inputs, targets in batches:
            train_one(inputs, targets)
        print(adam.state_dict())
