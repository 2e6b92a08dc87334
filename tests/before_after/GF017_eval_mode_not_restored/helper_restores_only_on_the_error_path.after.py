# The evaluation helper switches back to train mode only in an `except` arm that re-raises:
# on the normal path it returns in eval mode, and the next epoch trains with dropout off.
import torch
import torch.nn.functional as F
from torch import nn

net = nn.Sequential(nn.Linear(8, 16), nn.Dropout(0.5), nn.Linear(16, 3))
optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
batches = [(torch.randn(4, 8), torch.randint(0, 3, (4,))) for _ in range(6)]


def validate(model):
    model.eval()
    try:
        with torch.no_grad():
            return sum(F.cross_entropy(model(x), y).item() for x, y in batches[:2])
    except RuntimeError:
        model.train()
        raise


net.train()
for epoch in range(3):
    for x, y in batches:
        optimizer.zero_grad()
        F.cross_entropy(net(x), y).backward()
        optimizer.step()
    print(validate(net))
    net.train()
