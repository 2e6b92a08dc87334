import torch


def fit_one_epoch(net, batches, opt, criterion, penalty, weight=0.1, accumulate=4):
    """`penalty` is handed the optimizer as well as the model: gradfix cannot see whether it
    clears or steps, so the window stays as the author wrote it (no flush is proposed)."""
    for index, (features, target) in enumerate(batches):
        objective = criterion(net(features), target) / accumulate
        objective = objective + weight * penalty(net, opt)
        objective.backward()
        if (index + 1) % accumulate == 0:
            opt.step()
            opt.zero_grad()
