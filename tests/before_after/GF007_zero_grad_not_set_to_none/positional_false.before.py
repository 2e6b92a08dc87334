import torch.optim as optim


def fit(net, data, criterion):
    optimiser = optim.Adam(net.parameters())
    for inputs, labels in data:
        optimiser.zero_grad(False)
        criterion(net(inputs), labels).backward()
        optimiser.step()
