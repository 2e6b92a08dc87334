import torch
from torch import nn

device = "cuda" if torch.cuda.is_available() else "cpu"
model_1 = nn.Sequential(nn.Flatten(), nn.Linear(784, 10), nn.Dropout(0.2), nn.ReLU(), nn.Linear(10, 10)).to(device)
loss_fn = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(params=model_1.parameters(), lr=0.1)


def train_step(model: nn.Module, data_loader: torch.utils.data.DataLoader, loss_fn: nn.Module, optimizer: torch.optim.Optimizer):
    train_loss = 0
    for X, y in data_loader:
        X, y = X.to(device), y.to(device)
        y_pred = model(X)
        loss = loss_fn(y_pred, y)
        train_loss += loss.item()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    print(f"Train loss: {train_loss / len(data_loader):.5f}")


def test_step(data_loader: torch.utils.data.DataLoader, model: nn.Module, loss_fn: nn.Module):
    test_loss = 0
    model.eval()
    with torch.inference_mode():
        for X, y in data_loader:
            X, y = X.to(device), y.to(device)
            test_loss += loss_fn(model(X), y).item()
    print(f"Test loss: {test_loss / len(data_loader):.5f}")


def run(train_dataloader, test_dataloader, epochs: int = 3):
    for epoch in range(epochs):
        train_step(data_loader=train_dataloader, model=model_1, loss_fn=loss_fn, optimizer=optimizer)
        test_step(data_loader=test_dataloader, model=model_1, loss_fn=loss_fn)
