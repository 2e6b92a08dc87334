import torch


def fit(model, loader, optimizer, scheduler, loss_fn, epochs):
    for epoch in range(epochs):
        model.train()
        # lr = scheduler.get_last_lr()[0]

        for x, y in loader:
            optimizer.zero_grad()
            loss_fn(model(x), y).backward()
            optimizer.step()
        scheduler.step()
