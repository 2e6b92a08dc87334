import torch
from torch import nn


def train_batch(model, optimizer, batch):
    x, y = batch
    optimizer.zero_grad(set_to_none=True)
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
    schedule = torch.optim.lr_scheduler.StepLR(optimizer, step_size=100, gamma=0.1)
    schedule.step()
    return loss.item()


def train(model, batches, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        total = sum(train_batch(model, optimizer, b) for b in batches)
        print(epoch, total / len(batches))
