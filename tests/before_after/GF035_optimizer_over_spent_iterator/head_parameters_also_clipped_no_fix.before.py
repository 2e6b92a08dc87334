import torch


def finetune(model, loader, epochs):
    head = model.head.parameters()
    optimizer = torch.optim.SGD([{"params": head, "lr": 0.01}, {"params": model.body.parameters(), "lr": 0.001}])
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(model(x), y).backward()
            torch.nn.utils.clip_grad_norm_(head, 1.0)
            optimizer.step()
        optimizer = torch.optim.SGD([{"params": head, "lr": 0.01 / (epoch + 2)}, {"params": model.body.parameters(), "lr": 0.001}])
