import torch
from torch import nn


def train(model, batches, epochs=2):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    loss = None
    for epoch in range(epochs):
        if loss is not None:
            # the previous epoch's last graph, walked again at the start of this one
            loss.backward()
        for x, y in batches:
            loss = nn.functional.mse_loss(model(x), y)
            opt.zero_grad(set_to_none=True)
            loss.backward(retain_graph=True)
            opt.step()
