import types

import torch

HANDLERS = {}


def on(event):
    def register(fn):
        HANDLERS.setdefault(event, []).append(fn)
        return fn

    return register


def emit(event, *args):
    for handler in HANDLERS.get(event, []):
        handler(*args)


@on("batch")
def draft_batch(ctx, x, y):
    torch.nn.functional.mse_loss(ctx.model(x), y).backward()
    ctx.opt.step()


def final_batch(ctx, x, y):
    ctx.opt.zero_grad(set_to_none=True)
    torch.nn.functional.mse_loss(ctx.model(x), y).backward()
    ctx.opt.step()


HANDLERS["batch"] = [final_batch]


def main(loader, epochs):
    model = torch.nn.Linear(3, 1)
    ctx = types.SimpleNamespace(model=model, opt=torch.optim.SGD(model.parameters(), lr=0.1))
    for _ in range(epochs):
        for x, y in loader:
            emit("batch", ctx, x, y)
