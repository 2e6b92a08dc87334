import torch
from torch import nn


def load_batches(n=4):
    gen = torch.Generator().manual_seed(1)
    return [(torch.randn(8, 6, generator=gen), torch.randint(0, 2, (8,), generator=gen)) for _ in range(n)]


def main():
    torch.manual_seed(0)
    net = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, 2))
    optimizer = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
    train_loader = load_batches()
    cached = list(train_loader)
    for epoch in range(3):
        k = 0
        while k < len(cached):
            inputs, labels = cached[k]
            optimizer.zero_grad()
            loss = nn.functional.cross_entropy(net(inputs), labels)
            loss.backward(retain_graph=True)
            optimizer.step()
            k += 1
    return net


if __name__ == "__main__":
    main()
