from torch import nn


def train_epoch(net, loader, opt, auxiliary, steps_per_update=4):
    """`auxiliary(net, images)` is handed the batch too: it may compute a whole loss and do
    what a training step does, so the loop is left as the author wrote it."""
    for position, (images, labels) in enumerate(loader):
        main = nn.functional.cross_entropy(net(images), labels) / steps_per_update
        extra = auxiliary(net, images)
        objective = main + extra
        objective.backward()
        if (position + 1) % steps_per_update == 0:
            opt.step()
            opt.zero_grad(set_to_none=True)
