import torch


def fit(net, batches, criterion):
    opt = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)
    wipe = opt.zero_grad
    advance = opt.step
    for inputs, targets in batches:
        wipe()
        objective = criterion(net(inputs), targets)
        objective.backward()
        advance()
