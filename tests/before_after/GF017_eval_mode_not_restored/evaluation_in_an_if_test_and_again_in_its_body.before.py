"""An evaluation helper called in an `if` test (every epoch) and again in its body (only on
epochs that improve): both leave the model in eval mode for the next epoch's training. Reported
twice and not fixed: a `train()` after the call in the body would run only on the epochs that
improve."""
import torch
from torch import nn

model = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.5), nn.Linear(8, 2))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
batches = [(torch.randn(8, 4), torch.randint(0, 2, (8,))) for _ in range(3)]


def evaluate(model):
    model.eval()
    with torch.no_grad():
        return sum((model(x).argmax(1) == y).float().mean().item() for x, y in batches) / len(batches)


best = 0.0
for epoch in range(3):
    for x, y in batches:
        optimizer.zero_grad(set_to_none=True)
        nn.functional.cross_entropy(model(x), y).backward()
        optimizer.step()
    if evaluate(model) > best:
        best = evaluate(model)
        print("new best", best)
