import torch


def do_train(model, loader, optimizer, optimizer_center, scheduler, loss_fn, epochs):
    for epoch in range(1, epochs + 1):
        model.train()
        for x, y in loader:
            optimizer.zero_grad()
            optimizer_center.zero_grad()
            loss_fn(model(x), y).backward()
            optimizer.step()
            optimizer_center.step()
        scheduler.step()
