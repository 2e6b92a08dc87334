import torch


def send_back(x, **kw):
    x.backward(**kw)


def epoch_loop(model, data, opt):
    for sample, goal in data:
        opt.zero_grad(set_to_none=True)
        pred = model(sample)
        objective = (pred - goal).pow(2).mean()
        send_back(objective,)
        opt.step()
