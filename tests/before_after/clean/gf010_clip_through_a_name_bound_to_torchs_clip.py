"""Correct: the clip, called through a module-level name bound once to torch's
`clip_grad_norm_`, runs between the backward and the step."""
import torch
from torch import nn

clip_norm = torch.nn.utils.clip_grad_norm_
network = nn.Linear(3, 1)
adam = torch.optim.Adam(network.parameters(), lr=1e-3)
for inputs, targets in [(torch.randn(4, 3), torch.randn(4, 1))] * 5:
    adam.zero_grad()
    nn.functional.huber_loss(network(inputs), targets).backward()
    clip_norm(network.parameters(), 1.0)
    adam.step()
