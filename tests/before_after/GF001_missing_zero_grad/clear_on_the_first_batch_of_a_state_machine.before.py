import torch
import torch.nn.functional as F


def train(net, loader, epochs):
    """A state machine over the epochs: "open" starts an epoch, "step" runs once per batch
    until the iterator is drained, "close" ends the epoch. The clear runs on the first batch
    of each epoch only."""
    opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    stage = "open"
    done = 0
    feed = None
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
            if k == 0:
                opt.zero_grad()
            loss = F.mse_loss(net(x), y)
            loss.backward()
            opt.step()
        elif stage == "close":
            done += 1
            stage = "open" if done < epochs else "closed"
