import torch
import torch.nn.functional as F


def train(net, loader, epochs):
    """A state machine: the "step" state runs once per batch until the loader is drained, and
    builds a new GradScaler every time."""
    opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    stage = "start"
    done = 0
    feed = None
    while stage != "finished":
        if stage == "start":
            feed = iter(loader)
            stage = "step"
        elif stage == "step":
            pair = next(feed, None)
            if pair is None:
                stage = "wrap"
                continue
            x, y = pair
            scaler = torch.amp.GradScaler("cpu")
            opt.zero_grad()
            with torch.autocast("cpu"):
                loss = F.mse_loss(net(x), y)
            scaler.scale(loss).backward()
            scaler.step(opt)
            scaler.update()
        elif stage == "wrap":
            done += 1
            stage = "start" if done < epochs else "finished"
