import torch
from torch import nn


def train(model, loader, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=10)

    def advance():
        sched.step()

    for _ in range(epochs):
        for x, y in loader:
            opt.zero_grad(set_to_none=True)
            nn.functional.mse_loss(model(x), y).backward()
            opt.step()
            advance()


def fit(network, batches):
    optimiser = torch.optim.AdamW(network.parameters(), lr=1e-3)
    warm = torch.optim.lr_scheduler.LinearLR(optimiser, start_factor=0.1, total_iters=50)
    tick = lambda: warm.step()
    k = 0
    while k < len(batches):
        inputs, targets = batches[k]
        optimiser.zero_grad(set_to_none=True)
        nn.functional.l1_loss(network(inputs), targets).backward()
        optimiser.step()
        tick()
        k += 1
