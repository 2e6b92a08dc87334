import torch


def train(model, loader, optimizer, loss_fn):
    for batch in loader:
        optimizer.zero_grad()
        loss = loss_fn(model(batch[0]), batch[1])
        loss.backward(
            inputs=list(model.parameters())
        )
        optimizer.step()
