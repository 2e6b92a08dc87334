import os

import torch

USE_COMPILE = os.environ.get("COMPILE") == "1"


def update(net, sgd, loss_fn, xb, yb):
    sgd.zero_grad(set_to_none=True)
    loss = loss_fn(net(xb), yb)
    loss.backward()
    sgd.step()


if USE_COMPILE:
    update_fn = torch.compile(update, backend="eager")
else:
    update_fn = update


def main(net, batches):
    sgd = torch.optim.SGD(net.parameters(), lr=0.1)
    loss_fn = torch.nn.MSELoss()
    for xb, yb in batches:
        update_fn(net, sgd, loss_fn, xb, yb)
