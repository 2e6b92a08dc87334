import torch
import torch.nn.functional as F


def built_before(net, loader, epochs):
    """Everything built before the state machine: the twin of the per-batch rebuilds."""
    opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)
    scaler = torch.amp.GradScaler("cpu")
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
            opt.zero_grad()
            with torch.autocast("cpu"):
                loss = F.mse_loss(net(x), y)
            scaler.scale(loss).backward()
            scaler.step(opt)
            scaler.update()
            sched.step()
        elif stage == "wrap":
            done += 1
            stage = "start" if done < epochs else "finished"


def new_stage_per_epoch(net, loader, epochs):
    """The optimizer is built again when a new epoch starts (the "start" state sets the next
    state in its own block: it runs once per epoch), not per batch."""
    stage = "start"
    done = 0
    feed = None
    opt = None
    while stage != "finished":
        if stage == "start":
            opt = torch.optim.SGD(net.parameters(), lr=0.1 / (done + 1))
            feed = iter(loader)
            stage = "step"
        elif stage == "step":
            pair = next(feed, None)
            if pair is None:
                stage = "wrap"
                continue
            x, y = pair
            opt.zero_grad()
            F.mse_loss(net(x), y).backward()
            opt.step()
        elif stage == "wrap":
            done += 1
            stage = "start" if done < epochs else "finished"


def one_shot_state(net, loader):
    """A state entered once that moves on in its own block: built once."""
    mode = "setup"
    it = iter(loader)
    opt = None
    while mode != "end":
        if mode == "setup":
            opt = torch.optim.Adam(net.parameters(), lr=1e-3)
            mode = "train"
        elif mode == "train":
            pair = next(it, None)
            if pair is None:
                mode = "end"
                continue
            x, y = pair
            opt.zero_grad()
            F.mse_loss(net(x), y).backward()
            opt.step()
