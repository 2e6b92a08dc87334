import torch
import torch.nn.functional as F


def per_fold(model, folds, epochs):
    """A new optimizer per fold: the inner loop goes over the fold's own data."""
    for k in range(len(folds)):
        optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
        for x, y in folds[k]:
            optimizer.zero_grad()
            F.mse_loss(model(x), y).backward()
            optimizer.step()


def per_task_loader(model, make_loader, tasks):
    """A loader built in the iteration: new data per task."""
    for t in range(tasks):
        loader = make_loader(t)
        optimizer = torch.optim.RMSprop(model.parameters(), lr=1e-3)
        for x, y in loader:
            optimizer.zero_grad()
            F.mse_loss(model(x), y).backward()
            optimizer.step()


def per_task_while(model, tasks):
    """A `while` loop over tasks whose batch loop reads the task it picked."""
    t = 0
    while t < len(tasks):
        task = tasks[t]
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
        for i in range(len(task)):
            x, y = task[i]
            optimizer.zero_grad()
            F.mse_loss(model(x), y).backward()
            optimizer.step()
        t += 1


def adaptation_per_batch(model, loader, steps):
    """Test-time adaptation: a new optimizer per batch, stepped on that batch."""
    for x, _ in loader:
        optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)
        for _step in range(steps):
            optimizer.zero_grad()
            model(x).pow(2).mean().backward()
            optimizer.step()


def per_epoch_over_nested_loops(model, loader, epochs, inner):
    """Stepped two loops deep: not the batch loop of an epoch."""
    for epoch in range(epochs):
        optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
        for x, y in loader:
            for _ in range(inner):
                optimizer.zero_grad()
                F.mse_loss(model(x), y).backward()
                optimizer.step()


def built_once(model, loader, epochs):
    """The hand fix."""
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            F.mse_loss(model(x), y).backward()
            optimizer.step()
