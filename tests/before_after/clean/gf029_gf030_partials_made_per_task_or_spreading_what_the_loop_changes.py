from functools import partial

import torch


def amp_update(model, optimizer, x, y):
    scaler = torch.amp.GradScaler("cuda")
    optimizer.zero_grad()
    with torch.autocast("cuda", dtype=torch.float16):
        loss = torch.nn.functional.mse_loss(model(x), y)
    scaler.scale(loss).backward()
    scaler.step(optimizer)
    scaler.update()
    return loss.item()


def finetune(model, lr, momentum):
    optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=momentum)
    optimizer.zero_grad()
    model(torch.randn(2, 4)).sum().backward()
    optimizer.step()


def a_new_run_per_task(tasks):
    # the partial, its optimizer and the scaler are all made again for each task
    for net, x, y in tasks:
        step = partial(amp_update, net, torch.optim.SGD(net.parameters(), lr=0.1))
        step(x, y)


def a_sweep_spread_over_settings(model, grid):
    # each row of the grid is its own configuration: its own optimizer is the point
    run = partial(finetune, model)
    for row in grid:
        run(*row)


def an_optimizer_built_by_each_call(net, loader):
    for x, y in loader:
        amp_update(net, torch.optim.SGD(net.parameters(), lr=0.1), x, y)
