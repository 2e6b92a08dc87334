import torch.nn.functional as F

from meters import Mean


def train_one_epoch(model, optimizer, loader):
    mean = Mean()
    for x, y in loader:
        optimizer.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        mean.add(loss.item())
    return mean.total / max(mean.count, 1)
