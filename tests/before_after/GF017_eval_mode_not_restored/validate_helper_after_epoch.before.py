import torch
import torch.nn as nn
import torch.nn.functional as F


def validate(net, loader):
    net.eval()
    correct = 0
    with torch.no_grad():
        for x, y in loader:
            correct += (net(x).argmax(1) == y).sum().item()
    return correct / len(loader.dataset)


def main(train_loader, val_loader, epochs):
    model = nn.Sequential(nn.Linear(20, 64), nn.Dropout(0.3), nn.Linear(64, 4))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    model.train()
    for epoch in range(epochs):
        for x, y in train_loader:
            optimizer.zero_grad()
            loss = F.cross_entropy(model(x), y)
            loss.backward()
            optimizer.step()
        accuracy = validate(model, val_loader)
        print(f"epoch {epoch}: {accuracy:.3f}")
