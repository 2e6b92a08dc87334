# The hand fix of `adjust_learning_rate(optimizer, epoch, args)`: the rate goes into the groups.
import argparse

import torch
import torch.nn.functional as F

parser = argparse.ArgumentParser()
parser.add_argument("--lr", type=float, default=0.1)
parser.add_argument("--schedule", type=int, nargs="+", default=[10, 20])
args = parser.parse_args()


def adjust_learning_rate(optimizer, epoch, args):
    lr = args.lr
    for milestone in args.schedule:
        lr *= 0.1 if epoch >= milestone else 1.0
    for group in optimizer.param_groups:
        group["lr"] = lr


net = torch.nn.Linear(3, 1)
optimizer = torch.optim.SGD(net.parameters(), lr=args.lr, momentum=0.9)
data = [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(3)]
for epoch in range(30):
    adjust_learning_rate(optimizer, epoch, args)
    for x, y in data:
        optimizer.zero_grad()
        F.mse_loss(net(x), y).backward()
        optimizer.step()
