import torch
from torch import nn


def main():
    net = nn.Linear(6, 1)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    seen = 0

    def on_batch(inputs, targets):
        nonlocal seen, opt
        err = nn.functional.l1_loss(net(inputs), targets)
        err.backward()
        opt.step()
        seen += len(inputs)
        return err.item()

    batches = [(torch.randn(5, 6), torch.randn(5, 1)) for _ in range(3)]
    k = 0
    while k < 9:
        inputs, targets = batches[k % 3]
        on_batch(inputs, targets)
        k += 1
    return seen


main()
