# The same shape in a function with a while loop and other names: `shown = averaged if
# SHOW_AVERAGE else net` with `SHOW_AVERAGE = False` is the trained `net`; the fix switches
# `net` back (not `shown`, bound only later in the iteration).
import copy

import torch

SHOW_AVERAGE = False


def train(net, batches, rounds):
    averaged = copy.deepcopy(net)
    opt = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
    net.train()
    done = 0
    while done < rounds:
        for x, y in batches:
            opt.zero_grad()
            torch.nn.functional.mse_loss(net(x), y).backward()
            opt.step()
            with torch.no_grad():
                for a, p in zip(averaged.parameters(), net.parameters()):
                    a.lerp_(p, 0.05)
        shown = averaged if SHOW_AVERAGE else net
        shown.eval()
        with torch.no_grad():
            print(done, sum(torch.nn.functional.mse_loss(shown(x), y).item() for x, y in batches))
        done += 1
