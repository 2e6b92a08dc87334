# The step is a lambda held in a name and called after the backward; the loop clears first.
import torch
import torch.nn.functional as F


def train(batches, epochs):
    model = torch.nn.Linear(10, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    apply_update = lambda: optimizer.step()
    for _ in range(epochs):
        for inputs, targets in batches:
            optimizer.zero_grad()
            loss = F.mse_loss(model(inputs), targets)
            loss.backward()
            apply_update()
    return model
