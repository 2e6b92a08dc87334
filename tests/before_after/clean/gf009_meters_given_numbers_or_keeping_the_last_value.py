import torch


class AverageMeter:
    def __init__(self):
        self.sum, self.count = 0.0, 0

    def update(self, val, n=1):
        self.sum += val * n
        self.count += n


class LastValue:
    def update(self, val):
        self.val = val


class ItemMeter:
    def __init__(self):
        self.total = 0.0

    def update(self, val):
        self.total += float(val)


def train(model, loader, optimizer, metric):
    losses = AverageMeter()
    last = LastValue()
    items = ItemMeter()
    for x, y in loader:
        loss = torch.nn.functional.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        losses.update(loss.item(), x.size(0))
        last.update(loss)
        items.update(loss)
        metric.update(loss)  # a library's metric: gradfix does not know what it keeps
