import torch


def fit(net, tasks):
    def update(inputs, targets):
        opt = torch.optim.Adam(net.parameters(), lr=1e-3)
        for _ in range(5):
            opt.zero_grad()
            torch.nn.functional.mse_loss(net(inputs), targets).backward()
            opt.step()

    for inputs, targets in tasks:
        update(inputs, targets)
