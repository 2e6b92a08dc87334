import functools
import itertools
import operator

import torch
import torch.nn.functional as F

net = torch.nn.Linear(6, 3)
sgd = torch.optim.SGD(net.parameters(), lr=0.05)


def accumulate_cost(running, sample):
    features, labels = sample
    sgd.zero_grad(set_to_none=True)
    cost = F.cross_entropy(net(features), labels)
    cost.backward()
    torch.nn.utils.clip_grad_norm_(net.parameters(), 1.0)
    sgd.step()
    return running + cost.item()


def train_pair(features, labels):
    sgd.zero_grad(set_to_none=True)
    cost = F.cross_entropy(net(features), labels)
    cost.backward()
    sgd.step()
    return cost.item()


def score(sample):
    features, labels = sample
    with torch.no_grad():
        return F.cross_entropy(net(features), labels).item()


def fit(batches):
    total = functools.reduce(accumulate_cost, batches, 0.0)
    costs = list(itertools.starmap(train_pair, batches))
    return total, costs


def evaluate(batches):
    scores = list(map(score, batches))
    labels = list(map(str, scores))
    product = functools.reduce(operator.mul, [1, 2, 3], 1)
    pairs = list(itertools.starmap(operator.add, [(1, 2), (3, 4)]))
    return [score(sample) for sample in batches], labels, product, pairs
