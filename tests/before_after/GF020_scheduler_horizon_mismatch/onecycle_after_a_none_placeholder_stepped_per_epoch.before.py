import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F

parser = argparse.ArgumentParser()
parser.add_argument("--epochs", type=int, default=5)
parser.add_argument("--one-cycle", action="store_true")
args = parser.parse_args()

net = nn.Linear(6, 2)
opt = torch.optim.SGD(net.parameters(), lr=0.05)
batches = [(torch.randn(8, 6), torch.randint(0, 2, (8,))) for _ in range(12)]

lr_schedule = None
if args.one_cycle:
    lr_schedule = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.5, total_steps=args.epochs * len(batches))

for epoch in range(args.epochs):
    for inputs, labels in batches:
        opt.zero_grad()
        F.cross_entropy(net(inputs), labels).backward()
        opt.step()
    lr_schedule.step()
