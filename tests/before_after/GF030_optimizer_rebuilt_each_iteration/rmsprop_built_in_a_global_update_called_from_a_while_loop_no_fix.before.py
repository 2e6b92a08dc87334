import torch
from torch import nn

encoder = nn.Sequential(nn.Linear(6, 6), nn.Tanh())
head = nn.Linear(6, 2)
opt = None
history = []


def update(inputs, labels):
    """One step."""
    global opt
    global history
    opt = torch.optim.RMSprop([*encoder.parameters(), *head.parameters()], lr=1e-3)
    loss = nn.functional.cross_entropy(head(encoder(inputs)), labels)
    opt.zero_grad()
    loss.backward()
    opt.step()
    history = history + [loss.item()]


def run(batches, max_steps=100):
    it = iter(batches)
    steps = 0
    while steps < max_steps:
        inputs, labels = next(it)
        update(inputs, labels)
        steps += 1
