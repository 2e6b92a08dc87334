import torch
import torch.nn as nn


def report(model, final_loss):
    print(f"final loss {float(final_loss):.4f}")
    torch.save(model.state_dict(), "model.pt")


def fit(model, loader, epochs):
    criterion = nn.CrossEntropyLoss()
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    loss = torch.zeros(())
    for epoch in range(epochs):
        for x, y in loader:
            opt.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()
            opt.step()
    return loss


if __name__ == "__main__":
    net = nn.Linear(3, 2)
    batches = [(torch.randn(4, 3), torch.randint(0, 2, (4,))) for _ in range(5)]
    last = fit(net, batches, 2)
    report(net, last)
