# The optimizer's rate is set as an attribute and read back by a helper that is handed the
# optimizer (it may hand the rate on); the command line's `args.lr` is read too. Silent: the
# attribute is read back.
import argparse

import torch
import torch.nn.functional as F

parser = argparse.ArgumentParser()
parser.add_argument("--lr", type=float, default=0.1)
args = parser.parse_args()


def log_rate(opt, args):
    print(f"lr {opt.lr} (base {args.lr})")


net = torch.nn.Linear(3, 1)
optimizer = torch.optim.SGD(net.parameters(), lr=args.lr)
data = [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(3)]
for epoch in range(30):
    optimizer.lr = args.lr * 0.5 ** epoch
    log_rate(optimizer, args)
    for x, y in data:
        optimizer.zero_grad()
        F.mse_loss(net(x), y).backward()
        optimizer.step()
