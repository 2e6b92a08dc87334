import torch
from torch import nn
from torch.autograd import backward as run_backward

model = nn.Linear(4, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loader = [(torch.randn(8, 4), torch.randn(8, 2)) for _ in range(10)]


def fit(epochs):
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            loss = nn.functional.mse_loss(model(x), y)
            torch.autograd.backward(loss)  # kept from an experiment
            optimizer.step()


def fit_again(epochs):
    step = 0
    while step < epochs * len(loader):
        x, y = torch.randn(8, 4), torch.randn(8, 2)
        optimizer.zero_grad()
        run_backward(nn.functional.mse_loss(model(x), y))
        optimizer.step()
        step += 1
