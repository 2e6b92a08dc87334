import torch


class AverageMeter:
    def __init__(self):
        self.sum, self.count, self.avg = 0.0, 0, 0.0

    def update(self, val, n=1):
        self.sum += val * n
        self.count += n
        self.avg = self.sum / self.count


class EMAMeter:
    def __init__(self, momentum=0.9):
        self.momentum = momentum
        self.avg = 0.0

    def update(self, value):
        self.avg = self.momentum * self.avg + (1 - self.momentum) * value


class History:
    def __init__(self):
        self.losses = []

    def on_batch_end(self, loss):
        self.losses.append(loss)


def train(model, loader, optimizer):
    losses = AverageMeter()
    smooth = EMAMeter()
    history = History()
    for x, y in loader:
        loss = torch.nn.functional.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        losses.update(loss, x.size(0))
        smooth.update(loss)
        history.on_batch_end(loss)
    return losses.avg, smooth.avg
