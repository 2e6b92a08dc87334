import torch
import torch.nn.functional as F


def train(net, loader, epochs, accum=4):
    """A state machine over the epochs: "open" starts an epoch, "step" runs once per batch
    until the iterator is drained, "close" ends the epoch and flushes the tail. The clear of
    every micro-batch throws away the window's earlier gradients."""
    opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    stage = "open"
    done = 0
    feed = None
    k = -1
    while stage != "closed":
        if stage == "open":
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
            if (k + 1) % accum == 0:
                opt.step()
                opt.zero_grad()
        elif stage == "close":
            if (k + 1) % accum != 0:
                opt.step()
                opt.zero_grad()
            done += 1
            stage = "open" if done < epochs else "closed"
