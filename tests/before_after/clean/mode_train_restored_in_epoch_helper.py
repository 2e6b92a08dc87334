import torch


def train_one_epoch(model, loader, optimizer):
    model.train()
    for x, y in loader:
        optimizer.zero_grad()
        torch.nn.functional.cross_entropy(model(x), y).backward()
        optimizer.step()


def evaluate(model, loader):
    model.eval()
    with torch.no_grad():
        return sum(model(x).argmax(1).eq(y).sum().item() for x, y in loader)


def main():
    model = Net()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(10):
        train_one_epoch(model, train_loader, optimizer)
        print(evaluate(model, val_loader))
