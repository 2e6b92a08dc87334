"""A step function whose window tests its index parameter, called in its own module with the
same value on every call (`ACCUM - 1`, a literal, a constant imported from the config): the test
holds on every call, so each micro-batch is stepped alone and nothing accumulates. Dividing the
loss would shrink every update."""
import torch
import torch.nn.functional as F

from config import LAST_OF_WINDOW

ACCUM = 4


def train_step(model, optimizer, i, x, y):
    loss = F.cross_entropy(model(x), y)
    loss.backward()
    if (i + 1) % ACCUM == 0:
        optimizer.step()
        optimizer.zero_grad()


def update(model, optimizer, x, y, index):
    loss = F.mse_loss(model(x), y)
    loss.backward()
    if (index + 1) % 8 == 0:
        optimizer.step()
        optimizer.zero_grad()


def apply(model, optimizer, x, y, k):
    F.l1_loss(model(x), y).backward()
    if k % 2 == 1:
        optimizer.step()
        optimizer.zero_grad()


def train(model, optimizer, loader):
    for x, y in loader:
        train_step(model, optimizer, ACCUM - 1, x, y)


def fit(model, optimizer, loader):
    for x, y in loader:
        update(model, optimizer, x, y, index=7)


def tune(model, optimizer, loader):
    for x, y in loader:
        apply(model, optimizer, x, y, LAST_OF_WINDOW)
