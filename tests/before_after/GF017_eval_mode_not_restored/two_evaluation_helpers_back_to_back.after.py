"""Two evaluation helpers run back to back after each epoch's training, each switching the model
to eval mode itself; the training helper never switches back. One finding, at the second
evaluation: a `train()` between the two would change nothing."""
import torch
from torch import nn

model = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.5), nn.Linear(8, 2))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
source_batches = [(torch.randn(8, 4), torch.randint(0, 2, (8,))) for _ in range(3)]
target_batches = [(torch.randn(8, 4), torch.randint(0, 2, (8,))) for _ in range(3)]


def fit(model, optimizer):
    for x, y in source_batches:
        optimizer.zero_grad(set_to_none=True)
        nn.functional.cross_entropy(model(x), y).backward()
        optimizer.step()


def score(model, batches):
    model.eval()
    total = 0.0
    for x, y in batches:
        total += nn.functional.cross_entropy(model(x), y).item()
    return total / len(batches)


for epoch in range(3):
    fit(model, optimizer)
    source_loss = score(model, source_batches)
    target_loss = score(model, target_batches)
    model.train()
    print(epoch, source_loss, target_loss)
