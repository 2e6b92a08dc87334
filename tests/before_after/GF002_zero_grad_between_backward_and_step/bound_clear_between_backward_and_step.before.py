import torch


def fit(net, batches, criterion):
    opt = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)
    wipe = opt.zero_grad
    advance = opt.step
    step = 0
    while step < len(batches):
        inputs, targets = batches[step]
        objective = criterion(net(inputs), targets)
        objective.backward()
        wipe()
        advance()
        step += 1
