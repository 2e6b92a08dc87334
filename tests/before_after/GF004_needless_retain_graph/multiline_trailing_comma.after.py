import torch


def train(model, loader, optimizer, loss_fn):
    for batch in loader:
        optimizer.zero_grad()
        prediction = model(batch["x"])
        loss = loss_fn(prediction, batch["y"])
        loss.backward()
        optimizer.step()
