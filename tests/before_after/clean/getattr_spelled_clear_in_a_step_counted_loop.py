"""The clear spelled `getattr(optimizer, "zero_grad")()`: the method call `optimizer.zero_grad()`,
a clear like any other (no GF001)."""
import torch
from torch import nn

torch.manual_seed(1)
stream = [(torch.randn(6, 5), torch.randn(6, 2)) for _ in range(3)]
network = nn.Sequential(nn.Linear(5, 8), nn.Tanh(), nn.Linear(8, 2))
optimizer = torch.optim.Adam(network.parameters(), lr=1e-3)
source = iter(stream)
for update in range(9):
    try:
        inputs, targets = next(source)
    except StopIteration:
        source = iter(stream)
        inputs, targets = next(source)
    getattr(optimizer, "zero_grad")()
    error = nn.functional.mse_loss(network(inputs), targets)
    error.backward()
    optimizer.step()
