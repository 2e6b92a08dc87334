# What a helper hands back beside the loss terms is no tensor when it is a number (`.item()`),
# a count (`len(x)`) or a weight it was given; a weight read before the loop, and a scale the
# loop computes itself and multiplies by a computed term, are no loss either. Adding any of
# them into a running total keeps no graph.
import torch
from torch import nn


def residual_parts(u, coords, weight):
    boundary = (u[:, 0] - coords[:, 0]).pow(2).mean()
    count = len(coords)
    return boundary.item(), count, weight


def fit(net, optimizer, loader, w_boundary, w_interior, epochs):
    run_boundary = 0.0
    run_count = 0
    run_weight = 0.0
    run_scale = 0.0
    run_w = 0.0
    for epoch in range(epochs):
        for step, (coords, target) in enumerate(loader):
            optimizer.zero_grad(set_to_none=True)
            u = net(coords)
            data = nn.functional.mse_loss(u, target)
            boundary, count, weight = residual_parts(u, coords, w_interior)
            scale = min(1.0, step / 100)
            smooth = u.pow(2).mean()
            loss = data + boundary * w_boundary + count * w_interior + weight * w_boundary + scale * smooth
            loss.backward()
            optimizer.step()
            run_boundary += boundary
            run_count += count
            run_weight += weight
            run_scale += scale
            run_w += w_boundary
    return run_boundary, run_count, run_weight, run_scale, run_w
