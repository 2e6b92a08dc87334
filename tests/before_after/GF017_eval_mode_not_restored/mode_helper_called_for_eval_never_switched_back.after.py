import torch
from torch import nn


def set_mode(model, train=True):
    if train:
        model.train()
    else:
        model.eval()


def evaluate(model, loader):
    set_mode(model, train=False)
    with torch.no_grad():
        return sum(nn.functional.mse_loss(model(x), y).item() for x, y in loader)


model = nn.Sequential(nn.Linear(4, 32), nn.Dropout(0.5), nn.Linear(32, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
loader = [(torch.randn(16, 4), torch.randn(16, 1))]
set_mode(model)
for epoch in range(3):
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)
        nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
    print(evaluate(model, loader))
    model.train()
