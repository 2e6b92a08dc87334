"""The step spelled `getattr(sgd, "step")()` is `sgd.step()`: the loop steps without clearing."""
import torch
from torch import nn

torch.manual_seed(0)
layer = nn.Linear(4, 2)
sgd = torch.optim.SGD(layer.parameters(), lr=0.1)


def epoch(rows):
    for features, target in rows:
        sgd.zero_grad(set_to_none=True)
        loss = nn.functional.cross_entropy(layer(features), target)
        loss.backward()
        getattr(sgd, "step")()


epoch([(torch.randn(5, 4), torch.randint(0, 2, (5,))) for _ in range(4)])
