import torch


def train_step(model, optimizer, batch):
    """One step."""
    optimizer.zero_grad()
    x, y = batch
    loss = torch.nn.functional.cross_entropy(model(x), y)
    loss.backward()
    optimizer.step()


def fit(model, optimizer, loader):
    for batch in loader:
        train_step(model, optimizer, batch)
