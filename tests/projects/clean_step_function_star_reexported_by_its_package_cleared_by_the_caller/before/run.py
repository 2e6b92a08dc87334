import torch

from core import fit_batch


def run(net, batches, epochs):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for epoch in range(epochs):
        for inputs, labels in batches:
            opt.zero_grad(set_to_none=True)
            fit_batch(net, opt, inputs, labels)
