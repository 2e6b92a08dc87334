import torch
from torch import nn


def fit(net, optimizer, pairs, epochs=3):
    for epoch in range(epochs):
        for inputs, targets in pairs:
            optimizer.zero_grad()
            per_sample = (net(inputs) - targets).pow(2)
            per_sample.sum().backward(retain_graph=True)
            optimizer.step()
    return net


def main():
    torch.manual_seed(0)
    net = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
    optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)
    pairs = [(torch.randn(6, 4), torch.randn(6, 1)) for _ in range(5)]
    return fit(net, optimizer, pairs)


if __name__ == "__main__":
    main()
