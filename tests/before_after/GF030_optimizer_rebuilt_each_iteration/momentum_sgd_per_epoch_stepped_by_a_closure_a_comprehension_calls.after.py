import torch
from torch import nn


def fit(net, batches, n_epochs):
    loss_fn = nn.MSELoss()

    def train_one(inputs, targets):
        sgd.zero_grad(set_to_none=True)
        loss = loss_fn(net(inputs), targets)
        loss.backward()
        sgd.step()
        return loss.item()

    sgd = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)
    for epoch in range(n_epochs):
        losses = [train_one(inputs, targets) for inputs, targets in batches]
        print(epoch, sum(losses) / len(losses))
