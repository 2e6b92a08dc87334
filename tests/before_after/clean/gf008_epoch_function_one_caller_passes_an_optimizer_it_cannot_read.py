import torch
import torch.nn as nn


def train_epoch(encoder, regressor, data, optimizer):
    for x, t in data:
        regressor.zero_grad()
        nn.functional.l1_loss(regressor(encoder(x)), t).backward()
        optimizer.step()


def build(encoder, regressor, make_optimizer):
    return make_optimizer(regressor)


def main(data):
    encoder, regressor = nn.Linear(4, 4), nn.Linear(4, 1)
    optimizer = torch.optim.SGD(list(encoder.parameters()) + list(regressor.parameters()), lr=0.1)
    train_epoch(encoder, regressor, data, optimizer)
    train_epoch(encoder.requires_grad_(False), regressor, data, build(encoder, regressor, lambda m: torch.optim.SGD(m.parameters(), lr=0.1)))
