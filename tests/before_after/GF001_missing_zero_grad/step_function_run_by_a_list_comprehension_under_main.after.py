"""`history = [sgd_step(net, opt, batch) for batch in loader]` runs the step once per batch: a
training loop written as a comprehension, whose step never clears."""
import torch
from torch import nn


def sgd_step(net, opt, batch):
    opt.zero_grad(set_to_none=True)
    features, labels = batch
    loss = nn.functional.cross_entropy(net(features), labels)
    loss.backward()
    opt.step()
    return float(loss)


if __name__ == "__main__":
    net = nn.Linear(7, 3)
    opt = torch.optim.SGD(net.parameters(), lr=0.2)
    loader = [(torch.randn(5, 7), torch.randint(0, 3, (5,))) for _ in range(8)]
    history = [sgd_step(net, opt, batch) for batch in loader]
