# Each batch is cut into `subdivisions` pieces by a generator of the module; every piece's mean
# loss is backpropagated whole before the one step of the batch.
import torch
from torch import nn


def pieces(features, targets, count):
    size = (features.size(0) + count - 1) // count
    for start in range(0, features.size(0), size):
        yield features[start:start + size], targets[start:start + size]


regressor = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, 1))
optimizer = torch.optim.Adam(regressor.parameters(), lr=1e-3)
subdivisions = 2
data = [(torch.randn(8, 6), torch.randn(8, 1)) for _ in range(5)]

for epoch in range(10):
    for features, targets in data:
        optimizer.zero_grad()
        for part_x, part_y in pieces(features, targets, subdivisions):
            loss = nn.functional.mse_loss(regressor(part_x), part_y)
            loss.backward()
        optimizer.step()
