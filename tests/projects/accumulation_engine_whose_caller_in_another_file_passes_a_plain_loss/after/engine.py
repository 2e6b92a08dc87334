"""A shared accumulation epoch: the caller hands in the loss function."""


def accumulate_epoch(net, optimizer, batches, objective, every):
    step = 0
    for step, (inputs, targets) in enumerate(batches, start=1):
        (objective(net(inputs), targets) / every).backward()
        if step % every == 0:
            optimizer.step()
            optimizer.zero_grad()
    if step % every:
        optimizer.step()
        optimizer.zero_grad()
