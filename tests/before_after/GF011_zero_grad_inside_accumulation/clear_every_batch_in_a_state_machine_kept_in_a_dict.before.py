import torch
import torch.nn.functional as F


def train(net, loader, epochs, accum=4):
    """The machine's state is a field of a dict (`ctx["step"]`); the batch state clears on
    every micro-batch while the window steps every `accum`; the last state flushes the tail."""
    opt = torch.optim.SGD(net.parameters(), lr=0.05)
    ctx = {"step": "enter", "epoch": 0}
    source = None
    count = 0
    while ctx["step"] != "exit":
        if ctx["step"] == "enter":
            count = 0
            source = iter(loader)
            ctx["step"] = "feed"
        elif ctx["step"] == "feed":
            try:
                x, y = next(source)
            except StopIteration:
                ctx["step"] = "leave"
            else:
                opt.zero_grad()
                (F.mse_loss(net(x), y) / accum).backward()
                count += 1
                if count % accum == 0:
                    opt.step()
        elif ctx["step"] == "leave":
            if count % accum:
                opt.step()
            ctx["epoch"] += 1
            ctx["step"] = "enter" if ctx["epoch"] < epochs else "exit"
