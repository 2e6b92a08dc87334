import torch


def fit(model, batches, optimizer, loss_fn, epochs, mode):
    for epoch in range(epochs):
        if mode == "windowed":
            for x, y in batches:
                loss = loss_fn(model(x), y)
                optimizer.zero_grad()
                loss.backward(retain_graph=True)
                optimizer.step()
        else:
            loss = loss + loss_fn(model(batches[0][0]), batches[0][1])
            loss.backward()
            optimizer.step()
