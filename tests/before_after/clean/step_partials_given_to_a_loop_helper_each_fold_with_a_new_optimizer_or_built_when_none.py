# Correct: each fold hands the helper a partial over a new optimizer and builds its scaler once
# per fold; the second helper's step builds an optimizer only when none is handed in.
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
    grad_scaler = torch.amp.GradScaler("cpu")
    for epoch in range(epochs):
        for features, labels in batches:
            update(features, labels, grad_scaler=grad_scaler)


def learn(model, optimizer, x, y):
    if optimizer is None:
        optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    optimizer.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    optimizer.step()


def loop(step_fn, data):
    for x, y in data:
        step_fn(x, y)


batches = [(torch.randn(6, 5), torch.randint(0, 3, (6,))) for _ in range(3)]
for fold in range(2):
    network = nn.Linear(5, 3)
    train(batches, functools.partial(one_batch, network, torch.optim.SGD(network.parameters(), lr=0.1)))
model = nn.Linear(2, 1)
loop(functools.partial(learn, model, torch.optim.AdamW(model.parameters(), lr=3e-4)), [(torch.randn(4, 2), torch.randn(4, 1))] * 3)
