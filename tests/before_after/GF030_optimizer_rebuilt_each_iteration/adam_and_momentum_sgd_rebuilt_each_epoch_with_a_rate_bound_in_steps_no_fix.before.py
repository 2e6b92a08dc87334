import torch


def train(model, loader, epochs, base):
    for epoch in range(epochs):
        lr = base
        if epoch >= 10:
            lr *= 0.1
        optimizer = torch.optim.Adam(model.parameters(), lr=lr)
        for x, y in loader:
            optimizer.zero_grad()
            model(x).sum().backward()
            optimizer.step()


def train_b(model, loader, epochs, base):
    for epoch in range(epochs):
        lr = base
        if epoch > 30:
            lr = base * 0.01
        elif epoch > 10:
            lr = base * 0.1
        opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
        for x, y in loader:
            opt.zero_grad()
            model(x).sum().backward()
