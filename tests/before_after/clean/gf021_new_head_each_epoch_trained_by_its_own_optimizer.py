import torch
import torch.nn.functional as F
from torch import nn


def train(loader, model, optimizer, lr):
    # a fresh optimizer for the head the caller just attached; the other one keeps the body
    head_optimizer = torch.optim.SGD(model.head.parameters(), lr=lr)
    for x, y in loader:
        optimizer.zero_grad()
        head_optimizer.zero_grad()
        F.cross_entropy(model.head(model.body(x)), y).backward()
        optimizer.step()
        head_optimizer.step()


def main(loader, epochs, n_clusters):
    model = nn.Module()
    model.body = nn.Sequential(nn.Linear(4, 8), nn.ReLU())
    model.head = None
    optimizer = torch.optim.SGD(filter(lambda p: p.requires_grad, model.parameters()), lr=0.05)
    for epoch in range(epochs):
        model.head = nn.Linear(8, n_clusters)
        train(loader, model, optimizer, 0.05)


def main_inline(loader, epochs):
    net = nn.Module()
    net.body = nn.Linear(4, 8)
    net.head = nn.Linear(8, 3)
    optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)
    epoch = 0
    while epoch < epochs:
        net.head = nn.Linear(8, 3)
        head_opt = torch.optim.Adam(net.head.parameters(), lr=1e-3)
        for x, y in loader:
            optimizer.zero_grad()
            head_opt.zero_grad()
            F.cross_entropy(net.head(net.body(x)), y).backward()
            optimizer.step()
            head_opt.step()
        epoch += 1
