import torch
import torch.nn.functional as F


def advance(stream, net, optim):
    inputs, targets = next(stream)
    optim.zero_grad()
    F.mse_loss(net(inputs), targets).backward()
    optim.step()


def cross_validate(make_net, folds):
    scores = []
    for fold in folds:
        net = make_net()
        optim = torch.optim.Adam(net.parameters(), lr=1e-3)
        stream = iter(fold)
        while True:
            try:
                advance(stream, net, optim)
            except StopIteration:
                break
        scores.append(net)
    return scores
