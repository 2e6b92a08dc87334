# Buggy: a `while` loop hands one net to a step function with each optimizer in turn: the
# second step also applies the gradients the first backward left on the shared net.
import torch


def run(net, optimizer, x, y):
    loss = torch.nn.functional.mse_loss(net(x), y)
    loss.backward()
    optimizer.step()


def compare(net, opts, x, y):
    k = 0
    while k < 2:
        run(net, opts[k], x, y)
        k += 1
