import torch


def train(model, train_loader, criterion, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        epoch_loss = 0
        for data, label in train_loader:
            output = model(data)
            loss = criterion(output, label)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            epoch_loss += loss / len(train_loader)
        print(f"epoch {epoch}: {epoch_loss:.4f}")
