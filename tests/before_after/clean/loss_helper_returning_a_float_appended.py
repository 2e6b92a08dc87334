import torch
import torch.nn.functional as F

model = torch.nn.Sequential(torch.nn.Linear(20, 32), torch.nn.ReLU(), torch.nn.Linear(32, 4))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
train_loader = [(torch.randn(16, 20), torch.randint(0, 4, (16,))) for _ in range(10)]


def compute_loss(net, data):
    """The mean loss over a data set, as a Python number."""
    total = 0.0
    with torch.no_grad():
        for features, targets in data:
            total += F.cross_entropy(net(features), targets)
    return float(total) / len(data)


def epoch_loss(net, data):
    with torch.no_grad():
        return round(sum(F.cross_entropy(net(x), y).item() for x, y in data) / len(data), 4)


epoch_cost = []
for epoch in range(10):
    for features, targets in train_loader:
        cost = F.cross_entropy(model(features), targets)
        optimizer.zero_grad(set_to_none=True)
        cost.backward()
        optimizer.step()
    cost = compute_loss(model, train_loader)
    epoch_cost.append(cost)
    epoch_cost.append(epoch_loss(model, train_loader))
