import torch


def fit_one_epoch(net, batches, opt, criterion, penalty=None, weight=0.0, accumulate=8):
    """The penalty is computed from the weights each micro-batch and added to the loss; the
    last batches of the epoch are backpropagated but never stepped."""
    net.train()
    running = 0.0
    index = -1  # the flush after the loop reads it, also when the loop runs no batch
    for index, (features, target) in enumerate(batches):
        scores = net(features)
        objective = criterion(scores, target)
        running += objective.item()
        if penalty is None:
            extra = 0
        else:
            extra = penalty(net) * weight
        objective = objective / accumulate + extra
        objective.backward()
        if (index + 1) % accumulate == 0:
            opt.step()
            opt.zero_grad()

    # the last micro-batches did not fill a whole window: step on them too
    if (index + 1) % accumulate != 0:
        opt.step()
        opt.zero_grad()
    return running
