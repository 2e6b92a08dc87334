# Batches skipped by their loss after its backward, the only clear after the step: a `while`
# loop skipping outliers by a value bound from the loss (`continue`), and an Ignite process
# function returning early on a non-finite loss (`return`). Either skipped batch leaves its
# gradients in `.grad`, and the next step applies them with its own.
import math

import torch
from ignite.engine import Engine


def train_robust(model, optimizer, stream, steps, cap=5.0):
    done = 0
    while done < steps:
        inputs, targets = next(stream)
        loss = torch.nn.functional.smooth_l1_loss(model(inputs), targets)
        loss.backward()
        value = loss.item()
        if value > cap:
            continue
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        done += 1


def build_trainer(net, sgd):
    def process(engine, batch):
        """One update; a non-finite loss is skipped."""
        net.train()
        x, y = batch
        loss = torch.nn.functional.cross_entropy(net(x), y)
        loss.backward()
        if not math.isfinite(loss.item()):
            return float("nan")
        sgd.step()
        sgd.zero_grad(set_to_none=True)
        return loss.item()

    return Engine(process)
