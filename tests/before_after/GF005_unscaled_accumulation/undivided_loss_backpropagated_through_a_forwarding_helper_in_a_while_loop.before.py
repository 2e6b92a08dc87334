import torch
from torch import nn


def backward_of(tensor, **options):
    """Hands the loss on to autograd (a seam for logging hooks)."""
    tensor.backward(**options)


def fit(net, batches, accumulate=4, epochs=3):
    sgd = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)
    for _ in range(epochs):
        k = 0
        while k < len(batches):
            inputs, targets = batches[k]
            objective = nn.functional.mse_loss(net(inputs), targets)
            backward_of(objective)
            if (k + 1) % accumulate == 0 or k + 1 == len(batches):
                sgd.step()
                sgd.zero_grad(set_to_none=True)
            k += 1
