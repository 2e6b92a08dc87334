import torch
import torch.nn as nn

OPTIMIZERS = {"sgd": torch.optim.SGD, "adam": torch.optim.Adam}


class Settings:
    optimizer = "sgd"
    optimizer_kwargs = {"lr": 0.1}


def make_optimizer(settings, net):
    return OPTIMIZERS[settings.optimizer](net.parameters(), **settings.optimizer_kwargs)


def train(settings, batches):
    central = nn.Linear(4, 2)
    replica = nn.Linear(4, 2)
    optimizer = make_optimizer(settings, central)
    for inputs, targets in batches:
        replica.load_state_dict(central.state_dict())
        loss = nn.functional.mse_loss(replica(inputs), targets)
        loss.backward()
        for rp, cp in zip(replica.parameters(), central.parameters()):
            cp._grad = rp.grad
        optimizer.step()
        optimizer.zero_grad()
    return central
