import torch


def train(model, train_loader, val_loader, criterion):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    val_loss = 0.0
    for x, y in train_loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        with torch.no_grad():
            val_loss += loss
            for vx, vy in val_loader:
                val_loss += criterion(model(vx), vy)
    return val_loss
