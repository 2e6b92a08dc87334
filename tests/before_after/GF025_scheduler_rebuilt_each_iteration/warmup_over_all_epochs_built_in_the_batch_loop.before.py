import torch
from torch.optim.lr_scheduler import CosineAnnealingLR, LinearLR
from transformers import get_cosine_schedule_with_warmup


def fit(net, data, n_epochs=3):
    opt = torch.optim.AdamW(net.parameters(), lr=3e-4)
    for epoch in range(n_epochs):
        for inputs, labels in data:
            schedule = get_cosine_schedule_with_warmup(opt, num_warmup_steps=10, num_training_steps=n_epochs * len(data))
            opt.zero_grad()
            net(inputs, labels=labels).loss.backward()
            opt.step()
            schedule.step()


def fit_twice(net, data):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    step = 0
    while step < 2:
        for x, y in data:
            warm = LinearLR(opt, start_factor=0.1, total_iters=2 * len(data))
            opt.zero_grad()
            torch.nn.functional.mse_loss(net(x), y).backward()
            opt.step()
            warm.step()
        step += 1


def fit_per_pass(net, data):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for epoch in range(4):
        for x, y in data:
            cosine = CosineAnnealingLR(opt, T_max=len(data))
            opt.zero_grad()
            torch.nn.functional.mse_loss(net(x), y).backward()
            opt.step()
            cosine.step()
