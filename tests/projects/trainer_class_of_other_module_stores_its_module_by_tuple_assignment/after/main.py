import torch
from torch import nn

from engine import Engine

network = nn.Sequential(nn.Linear(6, 24), nn.ReLU(), nn.Dropout(0.2), nn.Linear(24, 3))
batches = [(torch.randn(8, 6), torch.randint(0, 3, (8,))) for _ in range(12)]
Engine(network, torch.optim.Adam(network.parameters(), lr=1e-3)).run(batches[:10], batches[10:], 5)
