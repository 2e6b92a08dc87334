import torch
import torch.nn.functional as F


def build(width):
    """Hands back the network and two closures over it; `update` builds a new RMSprop on
    every call, and the loop under the main guard calls it on every batch."""
    net = torch.nn.Linear(width, 1)
    optimizer = None

    def update(x, y):
        nonlocal optimizer
        optimizer = torch.optim.RMSprop(net.parameters(), lr=1e-3, momentum=0.5)
        optimizer.zero_grad()
        loss = F.mse_loss(net(x), y)
        loss.backward()
        optimizer.step()
        return loss.item()

    def report(epoch):
        print(epoch, optimizer)

    return net, update, report


def fit(batches, epochs):
    """The same, unpacked inside another function under other names."""
    net, train_step, show = build(4)
    for epoch in range(epochs):
        for x, y in batches:
            train_step(x, y)
        show(epoch)
    return net


if __name__ == "__main__":
    data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(5)]
    net, update, report = build(4)
    for epoch in range(3):
        for x, y in data:
            update(x, y)
        report(epoch)
