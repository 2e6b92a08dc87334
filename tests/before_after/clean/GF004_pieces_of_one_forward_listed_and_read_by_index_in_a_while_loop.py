import torch
from torch import nn


def main():
    torch.manual_seed(0)
    net = nn.Linear(6, 2)
    optimizer = torch.optim.SGD(net.parameters(), lr=0.05)
    for epoch in range(3):
        optimizer.zero_grad()
        pieces = list(net(torch.randn(8, 6)).split(2))
        k = 0
        while k < len(pieces):
            part = pieces[k].pow(2).mean()
            part.backward(retain_graph=True)
            k += 1
        optimizer.step()
    return net


if __name__ == "__main__":
    main()
