import torch


def train(model, loader, epochs):
    params = list(model.parameters())
    optimizer = torch.optim.Adagrad(params, 0.01 / 1)
    for epoch in range(1, epochs + 1):
        lr = 0.01 / epoch
        for group in optimizer.param_groups:
            group["lr"] = lr
        for x, y in loader:
            optimizer.zero_grad()
            model(x).sum().backward()
            optimizer.step()
