import argparse

import torch
from torch import nn


def parse_cli():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rate", type=float, default=0.05)
    parser.add_argument("--epochs", type=int, default=4)
    return parser.parse_args()


def run():
    cfg = parse_cli()
    net = nn.Sequential(nn.Linear(5, 7), nn.ReLU(), nn.Linear(7, 2))
    sgd = torch.optim.SGD(net.parameters(), lr=cfg.rate, momentum=0.9)

    def step_decay(optim, epoch, cfg):
        optim.lr = cfg.rate * 0.5 ** (epoch // 2)
        for param_group in optim.param_groups:
            param_group["lr"] = optim.lr

    batches = [(torch.randn(4, 5), torch.randint(0, 2, (4,))) for _ in range(6)]
    for epoch in range(cfg.epochs):
        step_decay(sgd, epoch, cfg)
        for x, y in batches:
            sgd.zero_grad()
            nn.functional.cross_entropy(net(x), y).backward()
            sgd.step()


if __name__ == "__main__":
    run()
