# The step function is reached through a dotted module import (`import pkg.steps`, then
# `pkg.steps.train_step(...)`); it never clears the optimizer's gradients.
import pkg.steps
import torch


def fit(model, loader, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for x, y in loader:
            pkg.steps.train_step(model, opt, x, y)
