import torch
import torch.nn as nn


def train_step(net, loss_fn, opt, xb, yb):
    opt.zero_grad(set_to_none=True)
    probs = net(xb)
    loss = loss_fn(probs, yb)
    loss.backward()
    opt.step()


def main(net, batches):
    loss_fn = nn.CrossEntropyLoss()
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    step = torch.compile(train_step, backend="eager")
    k = 0
    while k < len(batches):
        xb, yb = batches[k]
        step(net, loss_fn, opt, xb, yb)
        k += 1
