# Correct steps run per batch through a lambda in `map`, an inline `functools.partial`, a short
# wrapper folded by `functools.reduce` and a `for` loop over `map`; and per-item calls that run
# no step: evaluations under no_grad, `map(str, ...)`, a fold of plain numbers, a wrapper that
# only logs, `any(...)` that may stop early, a `map` never consumed.
import functools
import itertools
import operator

import torch
import torch.nn.functional as F

WINDOW = 2
net = torch.nn.Sequential(torch.nn.Linear(6, 12), torch.nn.ReLU(), torch.nn.Linear(12, 3))
opt = torch.optim.SGD(net.parameters(), lr=0.05)
loader = [(torch.randn(4, 6), torch.randint(0, 3, (4,))) for _ in range(8)]
done = 0


def step(model, optimizer, batch):
    x, y = batch
    optimizer.zero_grad(set_to_none=True)
    loss = F.cross_entropy(model(x), y)
    loss.backward()
    optimizer.step()
    return loss.item()


def accumulate(batch):
    global done
    x, y = batch
    (F.cross_entropy(net(x), y) / WINDOW).backward()
    done += 1
    if done % WINDOW == 0:
        opt.step()
        opt.zero_grad(set_to_none=True)
    return 0.0


@torch.no_grad()
def evaluate(model, batch):
    x, y = batch
    return F.cross_entropy(model(x), y).item()


def fold(total, batch):
    return total + accumulate(batch)


def count_rows(total, batch):
    return total + len(batch[0])


def log_only(batch):
    print(batch[0].shape)
    return 0.0


losses = list(map(lambda b: step(net, opt, b), loader))
losses += list(map(functools.partial(step, net, opt), loader))
functools.reduce(fold, loader, 0.0)
for loss in map(functools.partial(step, net, opt), loader):
    print(loss)
scores = list(map(lambda b: evaluate(net, b), loader))
total = functools.reduce(lambda a, b: a + b, scores, 0.0)
rows = functools.reduce(count_rows, loader, 0)
product = functools.reduce(operator.mul, [1, 2, 3])
names = list(map(str, scores))
logged = list(map(log_only, loader))
diverged = any(map(lambda b: step(net, opt, b) > 9.0, loader))
pending = map(lambda b: step(net, opt, b), loader)
pairs = list(itertools.starmap(lambda x, y: evaluate(net, (x, y)), loader))
for value in map(functools.partial(evaluate, net), loader):
    print(value)
