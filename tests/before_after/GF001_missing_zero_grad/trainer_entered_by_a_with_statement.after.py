import torch
from torch import nn


class Session:
    def __init__(self, net, lr):
        self.net = net
        self.lr = lr

    def __enter__(self):
        self.optimizer = torch.optim.SGD(self.net.parameters(), lr=self.lr, momentum=0.9)
        return self

    def __exit__(self, *exc):
        return False

    def update(self, inputs, targets):
        self.optimizer.zero_grad(set_to_none=True)
        loss = nn.functional.mse_loss(self.net(inputs), targets)
        loss.backward()
        self.optimizer.step()
        return loss.item()


def run(net, batches, epochs):
    history = []
    with Session(net, lr=0.01) as session:
        for epoch in range(epochs):
            for inputs, targets in batches:
                history.append(session.update(inputs, targets))
    return history
