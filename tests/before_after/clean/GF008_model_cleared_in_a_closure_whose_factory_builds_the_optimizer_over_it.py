"""The factory builds the optimizer over the model alone; the closure clears the model: the
same gradients as `optimizer.zero_grad()`. Silent."""
import torch
from torch import nn


def make_trainer(net, batches):
    sgd = torch.optim.SGD(net.parameters(), lr=0.1)

    def train_pass():
        for inputs, labels in batches:
            net.zero_grad()
            nn.functional.cross_entropy(net(inputs), labels).backward()
            sgd.step()

    return train_pass


train_pass = make_trainer(nn.Linear(3, 2), [(torch.randn(4, 3), torch.tensor([0, 1, 1, 0]))])
for _ in range(2):
    train_pass()
