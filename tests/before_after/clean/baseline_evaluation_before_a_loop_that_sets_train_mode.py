import torch
from torch import nn


def evaluate(model, loader):
    model.eval()
    with torch.no_grad():
        return sum(nn.functional.cross_entropy(model(x), y).item() for x, y in loader)


def fit(model, train_loader, val_loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    best = evaluate(model, val_loader)
    for epoch in range(epochs):
        model.train()
        for x, y in train_loader:
            optimizer.zero_grad()
            nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
        best = min(best, evaluate(model, val_loader))
    return best


def finetune_without_dropout(model, loader, steps):
    """Dropout off on purpose while fine-tuning (a choice written before the loop)."""
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-5)
    model.eval()
    for step, (x, y) in zip(range(steps), loader):
        optimizer.zero_grad()
        nn.functional.cross_entropy(model(x), y).backward()
        optimizer.step()


def main(model, train_loader, val_loader, args):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    if args.evaluate:
        evaluate(model, val_loader)
        return
    for epoch in range(args.epochs):
        for x, y in train_loader:
            optimizer.zero_grad()
            nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
