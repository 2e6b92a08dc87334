"""A builder of the file returns a cross-entropy in one arm and a mean squared error in the
other (a Brier score on probabilities): which one the loop gets is unknown, and softmax
probabilities are a correct input of the second. Silent."""
import torch
from torch import nn


def build(brier):
    net = nn.Linear(6, 3)
    if brier:
        return net, nn.MSELoss()
    return net, nn.CrossEntropyLoss()


def main(brier=True):
    net, criterion = build(brier)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for _ in range(3):
        x, y = torch.randn(4, 6), torch.randint(0, 3, (4,))
        opt.zero_grad()
        loss = criterion(torch.softmax(net(x), dim=1), nn.functional.one_hot(y, 3).float())
        loss.backward()
        opt.step()


main()
