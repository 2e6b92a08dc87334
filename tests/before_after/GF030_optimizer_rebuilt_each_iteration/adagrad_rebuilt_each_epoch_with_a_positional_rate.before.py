import torch


def train(model, loader, epochs):
    params = list(model.parameters())
    for epoch in range(1, epochs + 1):
        lr = 0.01 / epoch
        optimizer = torch.optim.Adagrad(params, lr)
        for x, y in loader:
            optimizer.zero_grad()
            model(x).sum().backward()
            optimizer.step()
