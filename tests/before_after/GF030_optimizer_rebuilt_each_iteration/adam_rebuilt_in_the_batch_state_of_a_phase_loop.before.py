import torch
import torch.nn.functional as F


def fit(net, loader, epochs):
    """The "batch" state builds a new Adam on every batch it runs."""
    phase = "epoch"
    epoch = 0
    rows = None
    while phase != "stop":
        if phase == "epoch":
            rows = enumerate(loader)
            phase = "batch"
        elif phase == "batch":
            item = next(rows, None)
            if item is None:
                phase = "after"
                continue
            i, (x, y) = item
            opt = torch.optim.Adam(net.parameters(), lr=1e-3)
            opt.zero_grad()
            F.mse_loss(net(x), y).backward()
            opt.step()
        elif phase == "after":
            epoch += 1
            phase = "epoch" if epoch < epochs else "stop"
