import schedulefree
import torch


def fit(model, train_loader, val_loader, epochs):
    optimizer = schedulefree.AdamWScheduleFree(model.parameters(), lr=2e-3)
    for epoch in range(epochs):
        model.train()
        optimizer.train()
        for x, y in train_loader:
            optimizer.zero_grad()
            loss = torch.nn.functional.cross_entropy(model(x), y)
            loss.backward()
            optimizer.step()
        model.eval()
        optimizer.eval()
        with torch.no_grad():
            for x, y in val_loader:
                torch.nn.functional.cross_entropy(model(x), y)
