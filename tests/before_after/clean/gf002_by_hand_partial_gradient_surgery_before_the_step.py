# Between the backward and the step only some gradients are dropped (the biases) and the rest
# scaled: deliberate gradient surgery, not a clear.
import torch
from torch import nn


def train(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            loss = nn.functional.cross_entropy(model(x), y)
            loss.backward()
            for name, p in model.named_parameters():
                if "bias" in name:
                    p.grad = None
            for p in model.parameters():
                if p.grad is not None:
                    p.grad.mul_(0.5)
            optimizer.step()
