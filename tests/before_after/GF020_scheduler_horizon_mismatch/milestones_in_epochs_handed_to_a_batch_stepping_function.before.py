import argparse

import torch
from torch import nn


def fit(net, loader, optimizer, scheduler, epochs):
    for epoch in range(epochs):
        for images, labels in loader:
            optimizer.zero_grad()
            nn.functional.cross_entropy(net(images), labels).backward()
            optimizer.step()
            scheduler.step()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=200)
    parser.add_argument("--decay-epochs", type=int, nargs="+", default=[100, 150])
    args = parser.parse_args()
    net = nn.Linear(32, 10)
    loader = [(torch.randn(64, 32), torch.randint(0, 10, (64,))) for _ in range(100)]
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    scheduler = torch.optim.lr_scheduler.MultiStepLR(optimizer, milestones=args.decay_epochs, gamma=0.1)
    fit(net, loader, optimizer, scheduler, args.epochs)


if __name__ == "__main__":
    main()
