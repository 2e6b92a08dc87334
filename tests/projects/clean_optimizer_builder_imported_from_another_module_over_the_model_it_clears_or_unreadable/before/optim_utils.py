import torch


def create_optimizer(hp, model):
    return torch.optim.Adam(model.parameters(), lr=hp.lr)


def make_opt(hp, model, factory=None):
    if factory is not None:
        return factory(model)
    return torch.optim.SGD(model.parameters(), lr=hp.lr)
