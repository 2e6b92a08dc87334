import torch

ACCUM = 2


def push(t, *args, **kwargs):
    t.backward(*args, **kwargs)


def push_and_log(t, *args, **kwargs):
    print("backward", float(t))
    t.backward(*args, **kwargs)


def run(model, batches, verbose=False):
    global push
    if verbose:
        push = push_and_log
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in batches:
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        push(loss)
        opt.step()
