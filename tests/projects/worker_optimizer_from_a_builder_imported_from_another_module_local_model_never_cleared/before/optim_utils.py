import torch


def create_optimizer(hp, model):
    opt = torch.optim.Adam(model.parameters(), lr=hp.lr)
    return opt
