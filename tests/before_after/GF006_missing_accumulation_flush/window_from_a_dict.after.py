import torch
from torch import nn

hyperparams = {"lr": 0.01, "subdivisions": 8}
net = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 1))
opt = torch.optim.SGD(net.parameters(), lr=hyperparams["lr"], momentum=0.9)


def train(loader, epochs):
    for epoch in range(epochs):
        batch_i = -1  # the flush after the loop reads it, also when the loop runs no batch
        for batch_i, (x, y) in enumerate(loader):
            loss = nn.functional.mse_loss(net(x), y) / hyperparams["subdivisions"]
            loss.backward()
            if (batch_i + 1) % hyperparams["subdivisions"] == 0:
                opt.step()
                opt.zero_grad(set_to_none=True)

        # the last micro-batches did not fill a whole window: step on them too
        if (batch_i + 1) % hyperparams["subdivisions"] != 0:
            opt.step()
            opt.zero_grad(set_to_none=True)
