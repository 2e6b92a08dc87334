import torch
from torch import nn


def epoch(model, loader, optimizer):
    for x, y in loader:
        model.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()


def rebuilt_over_more_modules_after_the_calls(loader):
    model = nn.Linear(4, 1)
    head = nn.Linear(1, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for _ in range(3):
        epoch(model, loader, optimizer)
    optimizer = torch.optim.SGD([*model.parameters(), *head.parameters()], lr=0.01)
    return optimizer


def run(net, batches, opt=None):
    for x, y in batches:
        if opt is not None:
            net.zero_grad()
        loss = nn.functional.l1_loss(net(x), y)
        if opt is not None:
            loss.backward()
            opt.step()


def rebuilt_last_over_the_model_alone(batches):
    net = nn.Linear(3, 2)
    probe = nn.Linear(2, 2)
    opt = torch.optim.Adam([*net.parameters(), *probe.parameters()])
    opt = torch.optim.Adam(net.parameters())  # the probe is not trained
    for _ in range(2):
        run(net, batches, opt)
        with torch.no_grad():
            run(net, batches)


def fit(model, data, optimizer=None):
    if optimizer is None:
        optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    for x, y in data:
        model.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()


def builds_its_own_when_none_is_given(data):
    model = nn.Linear(5, 1)
    fit(model, data)
    fit(model, data, torch.optim.SGD(model.parameters(), lr=0.01))
