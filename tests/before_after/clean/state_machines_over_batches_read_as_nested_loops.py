import torch
import torch.nn.functional as F


def clear_every_batch(net, loader, epochs):
    """A state machine over the epochs ("open", "step" once per batch, "close"): the batch
    state clears before every backward."""
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
            opt.zero_grad()
            loss = F.mse_loss(net(x), y)
            loss.backward()
            opt.step()
        elif stage == "close":
            done += 1
            stage = "open" if done < epochs else "closed"


def window_flushed_when_the_epoch_closes(net, loader, epochs, accum=4):
    """A window counted from 1 that clears after each step; "close" steps on the tail."""
    opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    stage = "open"
    done = 0
    feed = None
    k = -1
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
            if (k + 1) % accum == 0:
                opt.step()
                opt.zero_grad()
        elif stage == "close":
            if (k + 1) % accum != 0:
                opt.step()
                opt.zero_grad()
            done += 1
            stage = "open" if done < epochs else "closed"


def counted_window_flushed_when_the_epoch_closes(net, loader, epochs, accum=4):
    """A window on a counter the epoch's start resets; "close" steps on the tail."""
    opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    stage = "open"
    done = 0
    feed = None
    seen = 0
    while stage != "closed":
        if stage == "open":
            seen = 0
            opt.zero_grad()
            feed = iter(loader)
            stage = "step"
        elif stage == "step":
            pair = next(feed, None)
            if pair is None:
                stage = "close"
                continue
            x, y = pair
            loss = F.mse_loss(net(x), y) / accum
            loss.backward()
            seen += 1
            if seen % accum == 0:
                opt.step()
                opt.zero_grad()
        elif stage == "close":
            if seen % accum:
                opt.step()
                opt.zero_grad()
            done += 1
            stage = "open" if done < epochs else "closed"


def one_step_per_epoch(net, loader, epochs):
    """The whole epoch is one window: cleared on its first batch, stepped when it closes."""
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
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
            loss = F.mse_loss(net(x), y) / len(loader)
            loss.backward()
        elif stage == "close":
            opt.step()
            done += 1
            stage = "open" if done < epochs else "closed"
