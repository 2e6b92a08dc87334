import torch


def train(net, loader, epochs):
    optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(net(x), y).backward()
            optimizer.step()
        if epoch == epochs // 2:
            net = torch.load("best.pt")
