import torch


def micro_batch(model, criterion, x, y):
    """One micro-batch: forward and backward."""
    loss = criterion(model(x), y)
    loss.backward()
    return loss.item()


def train(model, loader, optimizer, criterion, accumulation_steps=4):
    optimizer.zero_grad()
    running = 0.0
    for i, (x, y) in enumerate(loader):
        running += micro_batch(model, criterion, x, y)
        if (i + 1) % accumulation_steps == 0 or i + 1 == len(loader):
            optimizer.step()
            optimizer.zero_grad()


class Learner:
    def __init__(self, net, accum):
        self.net = net
        self.accum = accum
        self.opt = torch.optim.AdamW(net.parameters(), lr=3e-4)

    def backward_on(self, batch):
        x, y = batch
        err = torch.nn.functional.cross_entropy(self.net(x), y)
        err.backward()

    def fit(self, batches):
        seen = 0
        while seen < len(batches):
            self.backward_on(batches[seen])
            seen += 1
            if seen % self.accum == 0:
                self.opt.step()
                self.opt.zero_grad()
