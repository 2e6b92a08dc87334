import argparse

import torch
from torch import nn


def main(args):
    model = nn.Linear(3, 1)
    optimizer_class = getattr(torch.optim, args.optimizer)
    optimizer = optimizer_class(model.parameters(), lr=args.lr)
    for epoch in range(args.epochs):
        if epoch in args.milestones:
            optimizer.lr = optimizer.param_groups[0]["lr"] * 0.1
            for param_group in optimizer.param_groups:
                param_group["lr"] = optimizer.lr
        for _ in range(4):
            optimizer.zero_grad()
            nn.functional.mse_loss(model(torch.randn(8, 3)), torch.randn(8, 1)).backward()
            optimizer.step()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--optimizer", default="SGD")
    parser.add_argument("--lr", type=float, default=0.1)
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--milestones", type=int, nargs="*", default=[2, 4])
    main(parser.parse_args([]))
