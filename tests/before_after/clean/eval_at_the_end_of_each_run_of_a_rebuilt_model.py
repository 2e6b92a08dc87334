import torch
from torch import nn


def test(model, x, y):
    model.eval()
    with torch.no_grad():
        return nn.functional.mse_loss(model(x), y).item()


x, y = torch.randn(64, 4), torch.randn(64, 1)
results = []
for run in range(3):  # repeated experiments: a fresh model and optimizer each time
    model = nn.Sequential(nn.Linear(4, 16), nn.Dropout(0.2), nn.Linear(16, 1))
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
    for epoch in range(2):
        for i in range(0, 64, 16):
            optimizer.zero_grad(set_to_none=True)
            nn.functional.mse_loss(model(x[i : i + 16]), y[i : i + 16]).backward()
            optimizer.step()
    results.append(test(model, x, y))
