import torch
from torch import nn


def set_mode(model, state="Train"):
    if state == "Train":
        model.train()
    else:
        model.eval()


def evaluate(model, loader):
    set_mode(model, "Eval")
    with torch.no_grad():
        total = sum(nn.functional.mse_loss(model(x), y).item() for x, y in loader)
    set_mode(model)
    return total


model = nn.Sequential(nn.Linear(4, 32), nn.Dropout(0.5), nn.Linear(32, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
loader = [(torch.randn(16, 4), torch.randn(16, 1))]
for epoch in range(3):
    for x, y in loader:
        set_mode(model, "Train")
        optimizer.zero_grad(set_to_none=True)
        nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
    print(evaluate(model, loader))
