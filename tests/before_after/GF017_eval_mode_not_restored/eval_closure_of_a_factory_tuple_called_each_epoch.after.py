import torch
import torch.nn.functional as F
from torch import nn


def make_trainer(model, opt, loader, val):
    """Two closures over the factory's arguments: `evaluate` switches `model` to eval mode and
    never back, so every epoch after the first trains with the dropout off."""

    def run_epoch():
        for x, y in loader:
            opt.zero_grad(set_to_none=True)
            loss = F.cross_entropy(model(x), y)
            loss.backward()
            opt.step()

    def evaluate():
        model.eval()
        with torch.no_grad():
            return sum(F.cross_entropy(model(x), y).item() for x, y in val)

    return run_epoch, evaluate


def main(loader, val, epochs):
    net = nn.Sequential(nn.Linear(8, 32), nn.Dropout(0.2), nn.Linear(32, 3))
    sgd = torch.optim.SGD(net.parameters(), lr=0.1)
    run_epoch, evaluate = make_trainer(net, sgd, loader, val)
    for epoch in range(epochs):
        run_epoch()
        print(epoch, evaluate())
        net.train()
