import torch
import torch.nn as nn


class Regressor(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(8, 8)
        self.head = nn.Linear(8, 1)

    def forward(self, x):
        return self.head(torch.relu(self.body(x)))


def fit(model, loader, epochs=1, smooth_weight=0.1):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for _ in range(epochs):
        for x, y in loader:
            optimizer.zero_grad(set_to_none=True)
            pred = model(x)
            data_term = nn.functional.mse_loss(pred, y)
            smooth_term = smooth_weight * pred.diff(dim=0).pow(2).mean()
            total_loss = data_term + smooth_term
            torch.autograd.backward(total_loss)
            optimizer.step()
