"""One flat loop over every epoch's batches (`chain.from_iterable(repeat(train_loader,
EPOCHS))`, cut at `zip(range(...), ...)`): each batch is fresh data, the loss is computed
afresh, and its graph is backpropagated once; `retain_graph=True` only keeps it alive."""
from itertools import chain, repeat

import torch

EPOCHS = 3


def train(train_loader):
    net = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 3))
    opt = torch.optim.AdamW(net.parameters(), lr=3e-4)
    order = chain.from_iterable(repeat(train_loader, EPOCHS))
    for k, (feats, labels) in zip(range(EPOCHS * len(train_loader)), order):
        opt.zero_grad(set_to_none=True)
        cost = torch.nn.functional.cross_entropy(net(feats), labels)
        cost.backward(retain_graph=True)
        opt.step()
    return net
