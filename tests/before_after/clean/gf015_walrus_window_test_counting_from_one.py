# Correct: the window's test binds its value with a walrus and counts from 1 (`(step + 1) % N`),
# the loss is divided by N and the tail is flushed after the loop: nothing to report.
import torch
from torch import nn

model = nn.Linear(8, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
N = 4


def train(loader):
    for step, (x, y) in enumerate(loader):
        (nn.functional.cross_entropy(model(x), y) / N).backward()
        if (boundary := (step + 1) % N == 0):
            optimizer.step()
            optimizer.zero_grad()
    if (step + 1) % N != 0:
        optimizer.step()
        optimizer.zero_grad()
