import torch
from torch import nn

net = nn.Linear(6, 2)
optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=2, gamma=0.5)


def run_epoch(loader, partition="train"):
    """One helper for both passes; the schedule advances at the top of the train pass."""
    if partition == "train":
        scheduler.step()
    total = 0.0
    for x, y in loader:
        if partition == "train":
            optimizer.zero_grad()
        loss = nn.functional.cross_entropy(net(x), y)
        if partition == "train":
            loss.backward()
            optimizer.step()
        total += loss.item()
    return total


for epoch in range(6):
    run_epoch([(torch.randn(4, 6), torch.randint(0, 2, (4,)))], "train")
    run_epoch([(torch.randn(4, 6), torch.randint(0, 2, (4,)))], "valid")
