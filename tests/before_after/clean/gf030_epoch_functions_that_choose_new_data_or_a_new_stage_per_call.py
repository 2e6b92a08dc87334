# Functions that build their optimizer and run their own batch loop, called by `range` and
# `while` loops, where each call is a new run: the function draws a new task itself or reads
# a sampler the module makes per call, or its batch loop goes over what a function or method of
# the module draws per call, a global the loop sets per fold, a new network per
# seed, a stage that unfreezes the backbone (the optimizer collects what requires grad), and
# the hand fix (one optimizer built before the loop and handed in): nothing to report.
import torch
import torch.nn as nn

net = nn.Linear(6, 1)
folds = [[(torch.randn(5, 6), torch.randn(5, 1))] for _ in range(3)]
shard = folds[0]


def draw_task(n):
    w = torch.randn(6, 1)
    xs = torch.randn(n, 6)
    return [(xs, xs @ w)]


def make_stream(n):
    return iter(draw_task(n) * 2)


def adapt():
    adam = torch.optim.Adam(net.parameters(), lr=1e-3)
    task = draw_task(8)
    for xb, yb in task:
        adam.zero_grad(set_to_none=True)
        nn.functional.mse_loss(net(xb), yb).backward()
        adam.step()


def adapt_stream():
    adam = torch.optim.Adam(net.parameters(), lr=1e-3)
    stream = make_stream(8)
    for _ in range(2):
        xb, yb = next(stream)
        adam.zero_grad(set_to_none=True)
        nn.functional.mse_loss(net(xb), yb).backward()
        adam.step()


def adapt_drawn():
    adam = torch.optim.Adam(net.parameters(), lr=1e-3)
    for i, (xb, yb) in enumerate(draw_task(8)):
        adam.zero_grad(set_to_none=True)
        nn.functional.mse_loss(net(xb), yb).backward()
        adam.step()


class Meta:
    def __init__(self, model):
        self.model = model

    def next_task(self):
        return draw_task(4)

    def inner(self):
        adam = torch.optim.Adam(self.model.parameters(), lr=1e-3)
        for xb, yb in self.next_task():
            adam.zero_grad(set_to_none=True)
            nn.functional.mse_loss(self.model(xb), yb).backward()
            adam.step()


def on_shard():
    adam = torch.optim.Adam(net.parameters(), lr=1e-3)
    for xb, yb in shard:
        adam.zero_grad(set_to_none=True)
        nn.functional.mse_loss(net(xb), yb).backward()
        adam.step()


def fresh_fit(model, batches):
    adam = torch.optim.Adam(model.parameters(), lr=1e-3)
    for xb, yb in batches:
        adam.zero_grad(set_to_none=True)
        nn.functional.mse_loss(model(xb), yb).backward()
        adam.step()


def handed(model, batches, adam):
    for xb, yb in batches:
        adam.zero_grad(set_to_none=True)
        nn.functional.mse_loss(model(xb), yb).backward()
        adam.step()


class Staged:
    def __init__(self):
        self.body = nn.Linear(6, 6)
        self.head = nn.Linear(6, 1)
        self.batches = folds[0]

    def stage(self):
        params = [p for p in list(self.body.parameters()) + list(self.head.parameters()) if p.requires_grad]
        adam = torch.optim.Adam(params, lr=1e-3)
        for xb, yb in self.batches:
            adam.zero_grad(set_to_none=True)
            nn.functional.mse_loss(self.head(self.body(xb)), yb).backward()
            adam.step()


for it in range(100):
    adapt()
meta = Meta(net)
for it in range(100):
    adapt_drawn()
    meta.inner()
step = 0
while step < 10:
    adapt_stream()
    step += 1
for k in range(3):
    shard = folds[k]
    on_shard()
for seed in range(3):
    torch.manual_seed(seed)
    model = nn.Linear(6, 1)
    fresh_fit(model, folds[0])
adam = torch.optim.Adam(net.parameters(), lr=1e-3)
for epoch in range(4):
    handed(net, folds[0], adam)
staged = Staged()
for p in staged.body.parameters():
    p.requires_grad_(False)
for epoch in range(4):
    if epoch == 2:
        for p in staged.body.parameters():
            p.requires_grad_(True)
    staged.stage()
