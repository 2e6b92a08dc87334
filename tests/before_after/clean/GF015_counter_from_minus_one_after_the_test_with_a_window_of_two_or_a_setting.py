import torch

PAIRS = 2


def train_pairs(net, opt, batches):
    # from -1, `step % 2 == 0` first passes at 0: a first window of 2, the window's size
    step = -1
    for x, y in batches:
        (torch.nn.functional.mse_loss(net(x), y) / PAIRS).backward()
        if step % PAIRS == 0:
            opt.step()
            opt.zero_grad()
        step += 1
    if step % PAIRS != 0:
        opt.step()
        opt.zero_grad()


def train_configured(net, opt, batches, cfg):
    # the window's size is a setting, which may be 1 or 2: nothing to say
    step = -1
    for x, y in batches:
        (torch.nn.functional.mse_loss(net(x), y) / cfg.accum).backward()
        if step % cfg.accum == 0:
            opt.step()
            opt.zero_grad()
        step += 1
    if step % cfg.accum != 0:
        opt.step()
        opt.zero_grad()
