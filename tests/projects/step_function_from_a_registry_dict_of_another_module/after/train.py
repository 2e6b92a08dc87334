import torch
from torch import nn

from steps import STEPS


def fit(model, opt, loader, epochs):
    step = STEPS["sup"]
    for epoch in range(epochs):
        for batch in loader:
            step(model, opt, batch)


model = nn.Linear(4, 2)
fit(model, torch.optim.SGD(model.parameters(), lr=0.1), [(torch.randn(8, 4), torch.randn(8, 2))] * 4, 3)
