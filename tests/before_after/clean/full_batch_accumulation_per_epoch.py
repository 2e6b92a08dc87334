import torch


def full_batch_gd(model, loader, optimizer, epochs):
    for epoch in range(epochs):
        optimizer.zero_grad()
        for x, y in loader:
            loss = torch.nn.functional.mse_loss(model(x), y, reduction="sum") / len(loader.dataset)
            loss.backward()
        optimizer.step()
