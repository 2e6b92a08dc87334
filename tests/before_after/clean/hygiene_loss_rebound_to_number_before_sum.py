import torch


def train(model, loader):
    optimizer = torch.optim.Adam(model.parameters())
    total = 0.0
    for x, y in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        loss = loss.item()
        total += loss
    return total
