import torch
import torch.nn.functional as F


def train(net, loader, epochs):
    """An endless state machine: "warm" starts an epoch, "run" takes one batch per turn until
    the iterator is drained, "wrap" ends the epoch and leaves by `break` after the last. The
    clear runs on the first batch of each epoch only."""
    opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    mode = "warm"
    rounds = 0
    it = None
    while True:
        if mode == "warm":
            it = enumerate(loader)
            mode = "run"
        elif mode == "run":
            got = next(it, None)
            if got is None:
                mode = "wrap"
                continue
            n, (inputs, labels) = got
            if n == 0:
                opt.zero_grad()
            F.cross_entropy(net(inputs), labels).backward()
            opt.step()
        else:
            rounds += 1
            if rounds == epochs:
                break
            mode = "warm"
