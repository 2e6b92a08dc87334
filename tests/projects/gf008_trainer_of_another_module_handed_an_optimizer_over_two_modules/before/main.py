import torch
from torch import nn

from trainer import Trainer

encoder = nn.Sequential(nn.Linear(12, 32), nn.ReLU())
classifier = nn.Linear(32, 4)
optimizer = torch.optim.Adam([
    {"params": encoder.parameters(), "lr": 1e-3},
    {"params": classifier.parameters(), "lr": 1e-2},
])
batches = [(torch.randn(8, 12), torch.randint(0, 4, (8,))) for _ in range(6)]
Trainer(encoder, classifier, optimizer).fit(batches, epochs=3)
