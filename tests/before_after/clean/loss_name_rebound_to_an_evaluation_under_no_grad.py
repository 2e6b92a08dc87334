import torch
import torch.nn.functional as F


def compute_epoch_loss(model, loader):
    total, count = 0.0, 0
    with torch.no_grad():
        for features, targets in loader:
            total += F.cross_entropy(model(features), targets, reduction="sum")
            count += targets.size(0)
        return total / count


@torch.no_grad()
def compute_accuracy(model, loader):
    return sum((model(x).argmax(1) == y).sum() for x, y in loader) / sum(len(y) for _, y in loader)


model = torch.nn.Linear(4, 3)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loader = [(torch.randn(16, 4), torch.randint(0, 3, (16,)))]
epoch_cost, epoch_acc = [], []
for epoch in range(3):
    for features, targets in loader:
        cost = F.cross_entropy(model(features), targets)
        optimizer.zero_grad(set_to_none=True)
        cost.backward()
        optimizer.step()
    cost = compute_epoch_loss(model, loader)  # the name now holds a tensor without a graph
    epoch_cost.append(cost)
    cost = compute_accuracy(model, loader)
    epoch_acc.append(cost)
