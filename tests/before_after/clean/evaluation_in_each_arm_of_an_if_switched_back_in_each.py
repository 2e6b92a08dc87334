import torch
import torch.nn.functional as F


def evaluate(model, loader):
    model.eval()
    with torch.no_grad():
        return sum(F.mse_loss(model(x), y).item() for x, y in loader)


def evaluate_and_resume(model, loader):
    total = evaluate(model, loader)
    model.train()
    return total


def train(model, loader, val_loader, test_loader, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            F.mse_loss(model(x), y).backward()
            optimizer.step()
        if epoch % 2 == 0:
            score = evaluate_and_resume(model, val_loader)
        else:
            score = evaluate(model, test_loader)
            model.train()
        print(epoch, score)
