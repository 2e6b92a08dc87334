import torch


def scheduler_after_optimizer():
    major, minor = (int(part) for part in torch.__version__.split(".")[:2])
    return (major, minor) >= (1, 1)


def do_train(model, loader, optimizer, scheduler, max_iter):
    new_order = scheduler_after_optimizer()
    for iteration, (images, targets) in enumerate(loader):
        if not new_order:
            scheduler.step()
        loss = model(images, targets)
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()
        if new_order:
            scheduler.step()
        if iteration == max_iter:
            break


def train_other_arm(model, loader, optimizer, scheduler, legacy=False):
    for images, targets in loader:
        if legacy:
            scheduler.step()
        loss = model(images, targets)
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()
        if not legacy:
            scheduler.step()
