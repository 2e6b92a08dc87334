"""A loss term written in the function form of the reduction, `torch.mean(per_sample(out, y))`,
accumulated for the epoch's log: every step's graph stays alive, as with `.mean()`."""
import torch
from torch import nn

model = nn.Linear(4, 3)
per_sample = nn.CrossEntropyLoss(reduction="none")
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

epoch_loss = 0
for step in range(5):
    x, y = torch.randn(8, 4), torch.randint(0, 3, (8,))
    optimizer.zero_grad(set_to_none=True)
    weighted = 0.5 * torch.mean(per_sample(model(x), y))
    weighted.backward()
    optimizer.step()
    epoch_loss += weighted.detach()
print(float(epoch_loss) / 5)
