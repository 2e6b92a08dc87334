import torch
import torch.nn.functional as F
from torch import nn


def squared_error(net, batch):
    inputs, targets = batch
    return F.mse_loss(net(inputs), targets)


def train(net, batches, compute_loss, micro_batches=4):
    opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
    for i, batch in enumerate(batches):
        loss = compute_loss(net, batch)
        loss.backward()
        if (i + 1) % micro_batches == 0:
            opt.step()
            opt.zero_grad(set_to_none=True)
    if (i + 1) % micro_batches != 0:
        opt.step()
        opt.zero_grad(set_to_none=True)


if __name__ == "__main__":
    train(nn.Linear(4, 2), [], squared_error)
    train(nn.Linear(4, 2), [], compute_loss=squared_error, micro_batches=8)
