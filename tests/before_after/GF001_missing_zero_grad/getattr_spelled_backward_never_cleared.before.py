"""The only backward is spelled `getattr(err, "backward")()`, and nothing clears: each step
applies every gradient since the loop began."""
import torch
from torch import nn

torch.manual_seed(0)
head = nn.Linear(6, 3)
adam = torch.optim.Adam(head.parameters(), lr=1e-3)

for features, label in [(torch.randn(4, 6), torch.randint(0, 3, (4,))) for _ in range(5)]:
    err = nn.functional.cross_entropy(head(features), label)
    getattr(err, "backward")()
    adam.step()
