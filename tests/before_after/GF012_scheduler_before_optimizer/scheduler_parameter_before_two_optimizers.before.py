import torch


def do_train(model, loader, optimizer, optimizer_center, scheduler, loss_fn, epochs):
    for epoch in range(1, epochs + 1):
        scheduler.step()
        model.train()
        for i, (x, y) in enumerate(loader):
            optimizer.zero_grad()
            optimizer_center.zero_grad()
            loss = loss_fn(model(x), y)
            loss.backward()
            optimizer.step()
            optimizer_center.step()
        print(epoch, loss.item())
