# The scheduler is chosen by a command-line flag; one arm counts its horizon in epochs, the
# other's `step_size=1` says nothing of the unit: which is meant is not known, so no finding.
import argparse

import torch
import torch.nn.functional as F

parser = argparse.ArgumentParser()
parser.add_argument("--sched", default="cos")
parser.add_argument("--epochs", type=int, default=30)
args = parser.parse_args()

net = torch.nn.Linear(3, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
if args.sched == "cos":
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=args.epochs)
else:
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.1)
data = [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(8)]
for epoch in range(args.epochs):
    for x, y in data:
        opt.zero_grad()
        F.mse_loss(net(x), y).backward()
        opt.step()
        sched.step()
