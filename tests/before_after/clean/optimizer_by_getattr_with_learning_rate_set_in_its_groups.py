import torch


def train(model, loader, name="SGD", epochs=3):
    optimizer = getattr(torch.optim, name)(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
        for group in optimizer.param_groups:
            group["lr"] = 0.1 * 0.5 ** (epoch + 1)
