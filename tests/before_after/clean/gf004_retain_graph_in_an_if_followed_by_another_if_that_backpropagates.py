import torch


def fit(model, batches, optimizer, loss_fn, mode):
    if mode == "windowed":
        for x, y in batches:
            loss = loss_fn(model(x), y)
            optimizer.zero_grad()
            loss.backward(retain_graph=True)
            optimizer.step()
    if mode != "plain":
        loss.backward()
        optimizer.step()
