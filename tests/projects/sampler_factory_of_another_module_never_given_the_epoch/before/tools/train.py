import torch
from torch.utils.data import DataLoader

from utils import dist as dist_utils
from utils.dist import build_sampler


def run(model, optimizer, dataset, epochs):
    sampler = build_sampler(dataset)
    loader = DataLoader(dataset, batch_size=8, sampler=sampler)
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()


def run_while(model, optimizer, dataset, epochs):
    train_sampler = dist_utils.build_sampler(dataset, shuffle=True)
    train_loader = DataLoader(dataset, batch_size=8, sampler=train_sampler)
    epoch = 0
    while epoch < epochs:
        for x, y in train_loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
        epoch += 1
