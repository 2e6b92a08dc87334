import torch


def worker(net, opt):
    out = None
    while True:
        kind, *rest = yield out
        if kind == "start":
            total = 0.0
        elif kind == "batch":
            x, y = rest
            opt.zero_grad(set_to_none=True)
            loss = torch.nn.functional.mse_loss(net(x), y)
            loss.backward()
            opt.step()
            total = total + loss.item()
        else:
            out = total


def every_pass(model, loader, opt, verbose):
    for x, y in loader:
        opt.zero_grad(set_to_none=True)
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        if verbose:
            shown = 0.0
        else:
            shown = 0
        shown = shown + loss
        print(float(shown))


def same_arm(model, loader, opt):
    for x, y in loader:
        opt.zero_grad(set_to_none=True)
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        if loss.item() > 1.0:
            big = 0.0
            big = big + loss
            print(float(big))
        else:
            print("small")
