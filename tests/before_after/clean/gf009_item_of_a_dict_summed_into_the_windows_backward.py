import torch
import torch.nn as nn


def train(loader, window=4):
    parts = {"model": nn.Linear(4, 2), "criterion": nn.CrossEntropyLoss()}
    opt = torch.optim.SGD(parts["model"].parameters(), lr=0.1)
    terms = {"ce": 0.0}
    for i, (x, y) in enumerate(loader):
        loss = parts["criterion"](parts["model"](x), y)
        # the window's losses are summed into one backward: the graph is meant to live
        terms["ce"] = terms["ce"] + loss / window
        if (i + 1) % window == 0:
            opt.zero_grad()
            total = sum(terms.values())
            total.backward()
            opt.step()
            terms = dict.fromkeys(terms, 0.0)
    return parts["model"]
