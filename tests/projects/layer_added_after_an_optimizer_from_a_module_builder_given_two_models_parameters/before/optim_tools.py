import torch


def create(groups, rate):
    sgd = torch.optim.SGD(groups, lr=rate, momentum=0.9)
    return sgd
