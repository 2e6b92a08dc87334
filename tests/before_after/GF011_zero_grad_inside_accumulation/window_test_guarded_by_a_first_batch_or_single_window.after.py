# `(i > 0 or args.acc <= 1) and i % args.acc == 0`: the `args.acc <= 1` part only matters
# when nothing accumulates; with more micro-batches per window the loop clears each of them.
# The clear moves after the step (the window does not clear by itself).
import torch


def train(args, model, opt, loader, criterion):
    for i, (x, y) in enumerate(loader):
        (criterion(model(x), y) / args.acc).backward()
        if (i > 0 or args.acc <= 1) and i % args.acc == 0:
            opt.step()
            opt.zero_grad()
