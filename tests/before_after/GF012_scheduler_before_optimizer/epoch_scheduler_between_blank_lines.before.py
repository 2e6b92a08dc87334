# The epoch's scheduler step stands between two blank lines (and, in the second loop, first
# in the loop body above a blank line): it moves after the batch loop, and the blank line
# after it goes with it (no two blank lines in a row, no blank line opening the loop).
import torch


def train(model, opt, sched, warmup, loader, criterion, epochs):
    for epoch in range(epochs):
        model.train()

        sched.step()

        for x, y in loader:
            opt.zero_grad()
            criterion(model(x), y).backward()
            opt.step()
        print(epoch)


def warm(model, opt, warmup, loader, criterion):
    for epoch in range(3):
        warmup.step()

        for x, y in loader:
            opt.zero_grad()
            criterion(model(x), y).backward()
            opt.step()
