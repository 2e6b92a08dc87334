import torch


def guard(net, opt, loader):
    for xb, yb in loader:
        opt.zero_grad(set_to_none=True)
        loss = torch.nn.functional.mse_loss(net(xb), yb)
        loss.backward()
        if not torch.isfinite(loss):
            opt.zero_grad(set_to_none=True)
            continue
        opt.step()


def guard2(net, opt, loader):
    for xb, yb in loader:
        opt.zero_grad(set_to_none=True)
        loss = torch.nn.functional.mse_loss(net(xb), yb)
        loss.backward()
        if not torch.isfinite(loss):
            opt.zero_grad(set_to_none=True)
        opt.step()


def accum(net, opt, loader, n):
    for i, (xb, yb) in enumerate(loader):
        loss = torch.nn.functional.mse_loss(net(xb), yb) / n
        loss.backward()
        if (i + 1) % n == 0:
            opt.step()
            opt.zero_grad(set_to_none=True)
    if len(loader) % n != 0:
        opt.step()
        opt.zero_grad(set_to_none=True)


def freeze(net, opt, loader, frozen):
    for xb, yb in loader:
        opt.zero_grad(set_to_none=True)
        torch.nn.functional.mse_loss(net(xb), yb).backward()
        if frozen:
            net.head.zero_grad()
        opt.step()


def alternate_tasks(net_a, net_b, opt_a, opt_b, batches):
    # each task backpropagates and steps its own optimizer: the clear is the arm's own
    for i, (xb, yb) in enumerate(batches):
        if i % 2 == 0:
            opt_a.zero_grad(set_to_none=True)
            net_a(xb).sub(yb).pow(2).mean().backward()
            opt_a.step()
        else:
            opt_b.zero_grad(set_to_none=True)
            net_b(xb).sub(yb).pow(2).mean().backward()
            opt_b.step()
