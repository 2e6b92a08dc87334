import torch


def make_optimizer(model, lr):
    return torch.optim.Adam(model.parameters(), lr=lr, weight_decay=1e-4)


def cosine(epoch, total, base):
    import math
    return base * 0.5 * (1 + math.cos(math.pi * epoch / total))


def train(model, loader, epochs, base):
    for epoch in range(epochs):
        optimizer = make_optimizer(model, cosine(epoch, epochs, base))
        for x, y in loader:
            optimizer.zero_grad()
            model(x).sum().backward()
            optimizer.step()
