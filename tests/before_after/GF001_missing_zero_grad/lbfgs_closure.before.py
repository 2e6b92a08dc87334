import torch
from torch import nn


def fit(model, inputs, targets, rounds=20):
    optimizer = torch.optim.LBFGS(model.parameters(), lr=1.0, max_iter=10, line_search_fn="strong_wolfe")
    for _ in range(rounds):

        def closure():
            loss = nn.functional.mse_loss(model(inputs), targets)
            loss.backward()
            return loss

        optimizer.step(closure)
    return model
