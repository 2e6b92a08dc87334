import torch


def train(model, loader, val_loader, criterion, epochs):
    optimizer = torch.optim.Adam(model.parameters())
    history = []
    monitor = 0.0
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            out = model(x)
            loss = criterion(out, y)
            loss.backward()
            optimizer.step()
            monitor += criterion(out.detach(), y)
        val_loss = evaluate_loss(model, val_loader)
        history.append(val_loss)
    return history, monitor
