# Correct: the retained graph is backpropagated again by the helper the partial is handed to.
import functools

import torch
import torch.nn.functional as F


def first_pass(net, optim, inputs, targets):
    optim.zero_grad()
    loss = F.mse_loss(net(inputs), targets)
    loss.backward(retain_graph=True)
    return loss


def run_epochs(loader, step, optim):
    for inputs, targets in loader:
        loss = step(inputs, targets)
        (0.5 * loss).backward()
        optim.step()


net = torch.nn.Linear(3, 1)
optim = torch.optim.SGD(net.parameters(), lr=0.1)
loader = [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(3)]
run_epochs(loader, functools.partial(first_pass, net, optim), optim)
