import torch.nn.functional as F


def train_one_epoch(model, optimizer, loader):
    for x, y in loader:
        optimizer.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
