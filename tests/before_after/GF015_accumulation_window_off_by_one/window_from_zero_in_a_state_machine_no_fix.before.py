import torch
import torch.nn.functional as F


def train(net, loader, epochs, accum=4):
    """A state machine over the epochs: "open" starts an epoch, "step" runs once per batch
    until the iterator is drained, "close" ends the epoch (and flushes). The window tests the
    enumerate index from 0: its first window steps after one micro-batch."""
    opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    stage = "open"
    done = 0
    feed = None
    k = 0
    while stage != "closed":
        if stage == "open":
            opt.zero_grad()
            feed = enumerate(loader)
            stage = "step"
        elif stage == "step":
            pair = next(feed, None)
            if pair is None:
                stage = "close"
                continue
            k, (x, y) = pair
            loss = F.mse_loss(net(x), y) / accum
            loss.backward()
            if k % accum == 0:
                opt.step()
                opt.zero_grad()
        elif stage == "close":
            if k % accum != 0:
                opt.step()
                opt.zero_grad()
            done += 1
            stage = "open" if done < epochs else "closed"
