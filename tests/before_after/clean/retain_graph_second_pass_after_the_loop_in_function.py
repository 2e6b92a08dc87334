import torch
from torch import nn


def train(model, batches, epochs=2):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for x, y in batches:
            loss = nn.functional.mse_loss(model(x), y)
            opt.zero_grad(set_to_none=True)
            loss.backward(retain_graph=True)
            opt.step()
    # one more pass over the last loss's graph: the retained graph is walked again
    loss.backward()
    return model
