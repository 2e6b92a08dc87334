# Correct: the batch loop clears every optimizer first, in a loop of its own, then steps each
# (model, optimizer) pair once.
import torch


def train_ensemble(models, optimizers, loader):
    for x, y in loader:
        for opt in optimizers:
            opt.zero_grad()
        for model, optimizer in zip(models, optimizers):
            loss = torch.nn.functional.mse_loss(model(x), y)
            loss.backward()
            optimizer.step()
