import torch


def train(train_loader, model, criterion, optimizer):
    for images, target in train_loader:
        loss = criterion(model(images), target)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def validate(val_loader, model, criterion):
    model.eval()
    with torch.no_grad():
        return sum(criterion(model(images), target).item() for images, target in val_loader)


def main(model, train_loader, val_loader, epochs):
    criterion = torch.nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    model.train()
    for epoch in range(epochs):
        train(train_loader, model, criterion, optimizer)
        val_loss = validate(val_loader, model, criterion)
        model.train()
        print(epoch, val_loss)
