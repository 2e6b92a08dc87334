"""Training steps run as handlers of an event bus of the module: registered in a dict under a
constant event name (by a decorator `@on("batch")`, by `ON["batch"].append(fn)` on a
`defaultdict(list)`, or by `subscribe("batch", fn)`) and run by a dispatcher looping over the
event's handlers (`emit("batch", ctx, x, y)`), the state a `types.SimpleNamespace`. GF001 (a
handler that never clears), GF003 (two backward passes in a handler, driven by a `while`
loop) and GF015 (a window test on the index handed to a handler): each fixed script trains
exactly like the hand fix, not like the buggy one."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import assert_fixed_like_hand

pytest.importorskip("torch")

HEAD = '''import hashlib
import json
import types

import torch

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(24, 4), torch.randn(24, 1)
LOSSES = []
'''

TAIL = '''
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": LOSSES, "weights_sha256": digest.hexdigest()}))
'''

DECORATED = HEAD + '''BUS = {}


def on(event):
    def register(fn):
        BUS.setdefault(event, []).append(fn)
        return fn

    return register


def emit(event, *args):
    for handler in BUS.get(event, []):
        handler(*args)


@on("setup")
def setup(ctx):
    ctx.opt = torch.optim.SGD(ctx.model.parameters(), lr=0.05, momentum=0.9)


@on("batch")
def batch(ctx, x, y):
CLEAR    loss = torch.nn.functional.mse_loss(ctx.model(x), y)
    loss.backward()
    ctx.opt.step()
    LOSSES.append(loss.item())


model = torch.nn.Linear(4, 1)
ctx = types.SimpleNamespace(model=model)
emit("setup", ctx)
for _ in range(3):
    for i in range(0, 24, 6):
        emit("batch", ctx, X[i : i + 6], Y[i : i + 6])
''' + TAIL


APPENDED = HEAD + '''ON = collections.defaultdict(list)


def fire(name, ctx, batch):
    for fn in ON[name]:
        fn(ctx, batch)


def step(ctx, batch):
    x, y = batch
    ctx.opt.zero_grad()
    out = ctx.model(x)
    task = torch.nn.functional.mse_loss(out, y)
    penalty = 1e-2 * out.pow(2).mean()
BACKWARD    ctx.opt.step()
    LOSSES.append(task.item())


def log(ctx, batch):
    ctx.seen += 1


ON["batch"].append(step)
ON["batch"].append(log)
model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))
ctx = types.SimpleNamespace(model=model, opt=torch.optim.Adam(model.parameters(), lr=1e-2), seen=0)
n = 0
while n < 12:
    fire("batch", ctx, (X[(n % 4) * 6 : (n % 4) * 6 + 6], Y[(n % 4) * 6 : (n % 4) * 6 + 6]))
    n += 1
''' + TAIL

SUBSCRIBED = HEAD + '''ACCUM = 2
SUBSCRIBERS = {}


def subscribe(event, handler):
    SUBSCRIBERS.setdefault(event, []).append(handler)


def notify(event, *args, **kwargs):
    for handler in SUBSCRIBERS.get(event, ()):
        handler(*args, **kwargs)


def accumulate(run, step, x, y):
    loss = torch.nn.functional.mse_loss(run.model(x), y) / ACCUM
    loss.backward()
    if WINDOW % ACCUM == 0:
        run.opt.step()
        run.opt.zero_grad()
    LOSSES.append(loss.item())


subscribe("batch", accumulate)
model = torch.nn.Linear(4, 1)
run = types.SimpleNamespace(model=model, opt=torch.optim.SGD(model.parameters(), lr=0.05))
data = [(X[i : i + 3], Y[i : i + 3]) for i in range(0, 24, 3)]
for step, (x, y) in enumerate(data):
    notify("batch", run, step, x, y)
''' + TAIL


def test_decorated_handler_that_never_clears(tmp_path: Path) -> None:
    buggy = DECORATED.replace("CLEAR", "")
    hand = DECORATED.replace("CLEAR", "    ctx.opt.zero_grad(set_to_none=True)\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF001")


def test_appended_handler_with_two_backward_passes(tmp_path: Path) -> None:
    text = APPENDED.replace("import types\n", "import collections\nimport types\n")
    buggy = text.replace("BACKWARD", "    task.backward(retain_graph=True)\n    penalty.backward()\n")
    hand = text.replace("BACKWARD", "    total_loss = task + penalty\n    total_loss.backward()\n")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF003")


def test_subscribed_handler_window_from_zero(tmp_path: Path) -> None:
    buggy = SUBSCRIBED.replace("WINDOW", "step")
    hand = SUBSCRIBED.replace("WINDOW", "(step + 1)")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF015")
