import torch

ACCUM = 4
EPOCHS = 3


def per_window(net, loader):
    opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=1e-2, total_steps=EPOCHS * len(loader) // ACCUM)
    for epoch in range(EPOCHS):
        for i, (x, y) in enumerate(loader):
            (torch.nn.functional.mse_loss(net(x), y) / ACCUM).backward()
            if (i + 1) % ACCUM == 0 or i + 1 == len(loader):
                opt.step()
                sched.step()
                opt.zero_grad(set_to_none=True)


def per_micro_batch(net, loader):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    cosine = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=EPOCHS * len(loader))
    for epoch in range(EPOCHS):
        for i, (x, y) in enumerate(loader):
            (torch.nn.functional.mse_loss(net(x), y) / ACCUM).backward()
            if (i + 1) % ACCUM == 0 or i + 1 == len(loader):
                opt.step()
                opt.zero_grad(set_to_none=True)
            cosine.step()


def halves(net, loader):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    total = EPOCHS * len(loader) // 2
    decay = torch.optim.lr_scheduler.LinearLR(opt, start_factor=1.0, end_factor=0.01, total_iters=total)
    for epoch in range(EPOCHS):
        for i, (x, y) in enumerate(loader):
            (torch.nn.functional.mse_loss(net(x), y) / ACCUM).backward()
            if (i + 1) % ACCUM == 0 or i + 1 == len(loader):
                opt.step()
                opt.zero_grad(set_to_none=True)
            if i % 2 == 0:
                decay.step()
