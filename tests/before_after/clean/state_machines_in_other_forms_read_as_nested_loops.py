"""State machines over batches written `while True:` (leaving by `break`), with a catch-all
`else:`/`case _:` arm, a `match` dispatch, a batch drawn by `try: next(...)` `except
StopIteration`, the state on `self.stage` or in a dict field: each is read as the nested loops
it runs as, and each trains correctly (clear every batch, a window flushed by the closing
state, a whole epoch as one window)."""

import torch
import torch.nn.functional as F


def endless(net, loader, epochs):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
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
            opt.zero_grad()
            F.cross_entropy(net(inputs), labels).backward()
            opt.step()
        else:
            rounds += 1
            if rounds == epochs:
                break
            mode = "warm"


def matched(net, loader, epochs, accum=4):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    where = "head"
    epoch = 0
    pairs = None
    j = -1
    while where != "end":
        match where:
            case "head":
                opt.zero_grad()
                pairs = enumerate(loader)
                where = "body"
            case "body":
                pair = next(pairs, None)
                if pair is None:
                    where = "tail"
                    continue
                j, (x, y) = pair
                (F.mse_loss(net(x), y) / accum).backward()
                if (j + 1) % accum == 0:
                    opt.step()
                    opt.zero_grad()
            case _:
                if (j + 1) % accum != 0:
                    opt.step()
                    opt.zero_grad()
                epoch += 1
                where = "head" if epoch < epochs else "end"


def in_a_dict(net, loader, epochs, accum=4):
    opt = torch.optim.SGD(net.parameters(), lr=0.05)
    ctx = {"step": "enter", "epoch": 0}
    source = None
    count = 0
    while ctx["step"] != "exit":
        if ctx["step"] == "enter":
            count = 0
            opt.zero_grad()
            source = iter(loader)
            ctx["step"] = "feed"
        elif ctx["step"] == "feed":
            try:
                x, y = next(source)
            except StopIteration:
                ctx["step"] = "leave"
            else:
                (F.mse_loss(net(x), y) / accum).backward()
                count += 1
                if count % accum == 0:
                    opt.step()
                    opt.zero_grad()
        elif ctx["step"] == "leave":
            if count % accum:
                opt.step()
                opt.zero_grad()
            ctx["epoch"] += 1
            ctx["step"] = "enter" if ctx["epoch"] < epochs else "exit"


class Loop:
    def __init__(self, net):
        self.net = net
        self.opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
        self.stage = "idle"

    def whole_epoch_window(self, loader, epochs):
        """One window per epoch: cleared on the first batch, stepped by the closing state."""
        self.stage = "start"
        seen = 0
        batches = None
        while True:
            match self.stage:
                case "start":
                    batches = enumerate(loader)
                    self.stage = "batch"
                case "batch":
                    try:
                        index, (x, y) = next(batches)
                    except StopIteration:
                        self.stage = "finish"
                        continue
                    if index == 0:
                        self.opt.zero_grad()
                    torch.nn.functional.mse_loss(self.net(x), y).backward()
                case "finish":
                    self.opt.step()
                    seen += 1
                    self.stage = "start" if seen < epochs else "stop"
                case "stop":
                    break
