"""A scaler built once, in the arm of an event handled once (a singledispatch `Setup` yielded
before the epochs; a queue's "setup" entry pushed once), and stepped with in the batch arm."""
import heapq
import types
from dataclasses import dataclass
from functools import singledispatch

import torch


@dataclass
class Setup:
    lr: float


@dataclass
class Item:
    x: torch.Tensor
    y: torch.Tensor


def timeline(loader, epochs, lr):
    yield Setup(lr)
    for _ in range(epochs):
        for x, y in loader:
            yield Item(x, y)


@singledispatch
def on(event, st):
    pass


@on.register
def _(event: Setup, st):
    st.scaler = torch.amp.GradScaler("cuda")


@on.register
def _(event: Item, st):
    st.opt.zero_grad()
    with torch.autocast("cuda", dtype=torch.float16):
        loss = torch.nn.functional.mse_loss(st.net(event.x), event.y)
    st.scaler.scale(loss).backward()
    st.scaler.step(st.opt)
    st.scaler.update()


def run(net, loader):
    st = types.SimpleNamespace(net=net, opt=torch.optim.SGD(net.parameters(), lr=0.1))
    for event in timeline(loader, 3, 0.1):
        on(event, st)


def run_queue(net, loader, epochs):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    queue = [(0, "setup", None)]
    scaler = None
    done = 0
    while queue:
        t, kind, item = heapq.heappop(queue)
        if kind == "setup":
            scaler = torch.amp.GradScaler("cuda")
            heapq.heappush(queue, (t + 1, "epoch", None))
        elif kind == "epoch":
            for k, batch in enumerate(loader):
                heapq.heappush(queue, (t + 1 + k, "batch", batch))
            heapq.heappush(queue, (t + 2 + len(loader), "end", None))
        elif kind == "batch":
            x, y = item
            opt.zero_grad()
            with torch.autocast("cuda", dtype=torch.float16):
                loss = torch.nn.functional.mse_loss(net(x), y)
            scaler.scale(loss).backward()
            scaler.step(opt)
            scaler.update()
        elif kind == "end":
            done += 1
            if done < epochs:
                heapq.heappush(queue, (t + 1, "epoch", None))
