# Correct: the batch loop clears every optimizer, then hands each (model, optimizer) pair to a
# step function that backpropagates and steps.
import torch


def train_step(model, optimizer, x, y):
    loss = torch.nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()


def train(models, optimizers, loader):
    for x, y in loader:
        for o in optimizers:
            o.zero_grad()
        for model, optimizer in zip(models, optimizers):
            train_step(model, optimizer, x, y)
