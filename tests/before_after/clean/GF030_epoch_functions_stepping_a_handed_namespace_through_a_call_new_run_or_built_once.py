import types

import torch
import torch.nn.functional as F


def one_step(ctx, xb, yb):
    ctx.adam.zero_grad(set_to_none=True)
    F.mse_loss(ctx.net(xb), yb).backward()
    ctx.adam.step()


def epoch_per_shard(ctx, ep):
    # each epoch trains on a shard of its own: a new run per shard
    ctx.adam = torch.optim.Adam(ctx.net.parameters(), lr=1e-3)
    for xb, yb in ctx.shards[ep]:
        one_step(ctx, xb, yb)


def epoch_built_once(ctx, ep):
    for xb, yb in ctx.batches:
        one_step(ctx, xb, yb)


def epoch_per_model(ctx, ep):
    ctx.adam = torch.optim.Adam(ctx.net.parameters(), lr=1e-3)
    for xb, yb in ctx.batches:
        one_step(ctx, xb, yb)


def train_shards(ctx, epochs):
    for ep in range(epochs):
        epoch_per_shard(ctx, ep)


def train_once(ctx, epochs):
    ctx.adam = torch.optim.Adam(ctx.net.parameters(), lr=1e-3)
    for ep in range(epochs):
        epoch_built_once(ctx, ep)


def train_models(ctx, make_net, epochs):
    # a new model for every epoch function call: a new run each time
    for ep in range(epochs):
        ctx.net = make_net()
        epoch_per_model(ctx, ep)


def main(net, make_net, batches, shards):
    ctx = types.SimpleNamespace(net=net, batches=batches, shards=shards)
    train_shards(ctx, 3)
    train_once(ctx, 3)
    train_models(ctx, make_net, 3)
