import collections
import types

import torch

ON = collections.defaultdict(list)


def fire(name, ctx, batch):
    for fn in ON[name]:
        fn(ctx, batch)


def forward_backward(ctx, batch):
    x, y = batch
    ctx.opt.zero_grad()
    out = ctx.model(x)
    task = torch.nn.functional.cross_entropy(out, y)
    penalty = 1e-3 * out.pow(2).sum()
    task.backward(retain_graph=True)
    penalty.backward()
    ctx.opt.step()


ON["train_batch"].append(forward_backward)


def train(model, batches):
    ctx = types.SimpleNamespace(model=model, opt=torch.optim.Adam(model.parameters(), lr=1e-3))
    n = 0
    while n < len(batches):
        fire("train_batch", ctx, batches[n])
        n += 1
