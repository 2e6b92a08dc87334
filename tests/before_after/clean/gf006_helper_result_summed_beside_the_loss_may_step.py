import torch


def fit_one_epoch(net, batches, opt, criterion, side_task, accumulate=4):
    """`side_task(net, ...)` returns a number that is summed for logging, not added to the
    loss the loop backpropagates: the helper may backpropagate and step by itself, so the
    window stays as the author wrote it."""
    side_total = 0.0
    for index, (features, target) in enumerate(batches):
        objective = criterion(net(features), target) / accumulate
        side_total = side_total + side_task(net, features) * 0.5
        objective.backward()
        if (index + 1) % accumulate == 0:
            opt.step()
            opt.zero_grad()
    return side_total
