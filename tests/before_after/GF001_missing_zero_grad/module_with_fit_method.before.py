import torch
from torch import nn


class Regressor(nn.Module):
    def __init__(self, n_in):
        super().__init__()
        self.linear = nn.Linear(n_in, 1, bias=False)
        self.opt = torch.optim.SGD(self.parameters(), lr=0.01)

    def forward(self, x):
        return self.linear(x)

    def fit(self, batches, epochs=3):
        self.train()
        for epoch in range(epochs):
            for x, y in batches:
                loss = nn.functional.mse_loss(self(x), y)
                loss.backward()
                self.opt.step()
        return self
