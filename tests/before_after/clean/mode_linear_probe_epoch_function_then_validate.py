import torch


def train(train_loader, model, criterion, optimizer, epoch):
    # frozen features: batch norm must not update its running statistics while the head trains
    model.eval()
    for i, (images, target) in enumerate(train_loader):
        output = model(images)
        loss = criterion(output, target)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if i % 10 == 0:
            print(epoch, i, loss.item())


def validate(val_loader, model, criterion):
    model.eval()
    total = 0.0
    with torch.no_grad():
        for images, target in val_loader:
            total += criterion(model(images), target).item()
    return total / len(val_loader)


def main(model, train_loader, val_loader, epochs):
    criterion = torch.nn.CrossEntropyLoss()
    parameters = [p for p in model.parameters() if p.requires_grad]
    optimizer = torch.optim.SGD(parameters, lr=0.1, momentum=0.9)
    best = float("inf")
    for epoch in range(epochs):
        train(train_loader, model, criterion, optimizer, epoch)
        val_loss = validate(val_loader, model, criterion)
        best = min(best, val_loss)
    return best
