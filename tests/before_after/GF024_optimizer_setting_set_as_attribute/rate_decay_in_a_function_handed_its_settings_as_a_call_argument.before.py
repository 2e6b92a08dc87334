import argparse

import torch
from torch import nn


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lr", type=float, default=0.1)
    parser.add_argument("--epochs", type=int, default=4)
    return parser.parse_args([])


def train(args):
    net = nn.Linear(3, 1)
    optimizer = torch.optim.SGD(net.parameters(), lr=args.lr, momentum=0.9)
    for epoch in range(args.epochs):
        if epoch == args.epochs // 2:
            optimizer.lr = args.lr * 0.1  # decay halfway
        for _ in range(3):
            optimizer.zero_grad()
            nn.functional.mse_loss(net(torch.randn(4, 3)), torch.randn(4, 1)).backward()
            optimizer.step()


if __name__ == "__main__":
    train(parse_args())
