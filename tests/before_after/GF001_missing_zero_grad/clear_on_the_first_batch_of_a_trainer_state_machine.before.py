import torch
from torch import nn


class Loop:
    """The trainer keeps its state on `self.state` and dispatches with `match`; the batch
    state draws with `try: next(...)` and moves on when the iterator stops."""

    def __init__(self, net):
        self.net = net
        self.opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
        self.state = "idle"

    def fit(self, loader, epochs):
        self.state = "start"
        seen = 0
        batches = None
        while self.state != "stop":
            match self.state:
                case "start":
                    batches = enumerate(loader)
                    self.state = "batch"
                case "batch":
                    try:
                        index, (x, y) = next(batches)
                    except StopIteration:
                        self.state = "finish"
                        continue
                    if not index:
                        self.opt.zero_grad()
                    nn.functional.mse_loss(self.net(x), y).backward()
                    self.opt.step()
                case "finish":
                    seen += 1
                    self.state = "start" if seen < epochs else "stop"
