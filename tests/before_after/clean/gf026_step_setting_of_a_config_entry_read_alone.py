import torch

CONFIG = {"train": {"lr": 0.1}}


def fit(net, batches, settings):
    opt = torch.optim.SGD(net.parameters(), lr=CONFIG["train"]["lr"])
    for x, y in batches:
        opt.zero_grad()
        torch.nn.functional.mse_loss(net(x), y).backward()
        opt.step()
    settings["schedule"].step  # a config attribute read for its side effect in a debugger
    return net
