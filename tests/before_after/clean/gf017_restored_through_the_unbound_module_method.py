# The validation helper switches the model to eval, and the epoch loop switches it back with
# the unbound method, `nn.Module.train(model)`: the same as `model.train()`.
import torch
from torch import nn

model = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.5), nn.Linear(8, 2))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
batches = [(torch.randn(4, 4), torch.randint(0, 2, (4,))) for _ in range(3)]


def validate(net):
    net.eval()
    with torch.no_grad():
        return sum(nn.functional.cross_entropy(net(x), y).item() for x, y in batches[:1])


model.train()
for epoch in range(4):
    for inputs, targets in batches:
        optimizer.zero_grad()
        nn.functional.cross_entropy(model(inputs), targets).backward()
        optimizer.step()
    score = validate(model)
    nn.Module.train(model)
