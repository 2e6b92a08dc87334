# Correct: each member steps once over its own model (no loop around the zip), the batch
# loop clears every optimizer before its zip, and an environment zipped with its actions is
# no optimizer at all.
import torch
import torch.nn as nn
import torch.nn.functional as F

members = [nn.Linear(4, 2) for _ in range(3)]
opts = [torch.optim.SGD(m.parameters(), lr=0.1) for m in members]


def first_step(x, y):
    for m, o in zip(members, opts):
        F.cross_entropy(m(x), y).backward()
        o.step()


def fit(loader):
    for x, y in loader:
        for o in opts:
            o.zero_grad()
        for m, o in zip(members, opts):
            F.cross_entropy(m(x), y).backward()
            o.step()


def fit_enumerated(loader):
    for x, y in loader:
        for k, (m, o) in enumerate(zip(members, opts)):
            o.zero_grad()
            F.cross_entropy(m(x), y).backward()
            o.step()


def rollout(envs, policy, steps):
    for t in range(steps):
        for e, a in zip(envs, policy(t)):
            e.step(a)
