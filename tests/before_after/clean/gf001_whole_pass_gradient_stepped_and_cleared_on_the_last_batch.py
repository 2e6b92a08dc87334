import torch
import torch.nn as nn


def full_batch_descent(model, batches, epochs):
    # one step per epoch on the gradient summed over every batch: the step and the clear both
    # run on the last batch only, on purpose
    optimizer = torch.optim.SGD(model.parameters(), lr=0.5)
    optimizer.zero_grad()
    for epoch in range(epochs):
        for i, (x, y) in enumerate(batches):
            loss = nn.functional.mse_loss(model(x), y) / len(batches)
            loss.backward()
            if i == len(batches) - 1:
                optimizer.step()
                optimizer.zero_grad()
    return model
