import torch
from torch import nn

from loops import fit

network = nn.Sequential(nn.Linear(7, 14), nn.Dropout(0.25), nn.Linear(14, 3))
batches = [(torch.randn(6, 7), torch.randint(0, 3, (6,))) for _ in range(3)]
fit(network, torch.optim.AdamW(network.parameters(), lr=1e-3), nn.CrossEntropyLoss(), batches, 4)
