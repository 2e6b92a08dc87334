import torch
from torch.utils.data import DataLoader

from utils import loaders
from utils.dist import build_sampler


def ordered(model, optimizer, dataset, epochs):
    sampler = build_sampler(dataset, shuffle=False)
    loader = DataLoader(dataset, batch_size=8, sampler=sampler)
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()


def given_the_epoch_by_its_module(model, optimizer, dataset, epochs):
    sampler = loaders.build_sampler(dataset)
    loader = DataLoader(dataset, batch_size=8, sampler=sampler)
    for epoch in range(epochs):
        loaders.set_epoch(loader, epoch)
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()


def rebuilt_each_epoch(model, optimizer, dataset, epochs):
    for epoch in range(epochs):
        sampler = build_sampler(dataset)
        loader = DataLoader(dataset, batch_size=8, sampler=sampler)
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
