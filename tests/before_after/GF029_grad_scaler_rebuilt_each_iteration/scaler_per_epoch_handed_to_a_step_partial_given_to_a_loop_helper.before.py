import functools

import torch
from torch import nn


def one_batch(network, solver, features, labels, grad_scaler):
    solver.zero_grad(set_to_none=True)
    with torch.autocast("cpu", dtype=torch.bfloat16):
        loss = nn.functional.cross_entropy(network(features), labels)
    grad_scaler.scale(loss).backward()
    grad_scaler.step(solver)
    grad_scaler.update()


def train(batches, update, epochs=2):
    for epoch in range(epochs):
        grad_scaler = torch.amp.GradScaler("cpu")
        for features, labels in batches:
            update(features, labels, grad_scaler=grad_scaler)


network = nn.Linear(5, 3)
solver = torch.optim.SGD(network.parameters(), lr=0.1, momentum=0.9)
batches = [(torch.randn(6, 5), torch.randint(0, 3, (6,))) for _ in range(3)]
train(batches, functools.partial(one_batch, network, solver))
