import torch


def train_one_epoch(model, loader, val_loader, optimizer):
    model.eval()
    with torch.no_grad():
        print("before", sum(model(x).sum().item() for x, _ in val_loader))
    for x, y in loader:
        loss = torch.nn.functional.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def main(model, loader, val_loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        train_one_epoch(model, loader, val_loader, optimizer)
