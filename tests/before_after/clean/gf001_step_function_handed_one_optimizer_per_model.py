# Correct: the step function runs once for each model of a comparison, each call given that
# model's own optimizer (`optimizers[k]`); nothing calls it per batch.
import torch


def backward_and_update(net, inputs, loss_fn, opt):
    out = net(**inputs)
    loss = loss_fn(out)
    loss.backward()
    opt.step()
    return loss.item()


def compare_runs(nets, inputs, loss_fns, optimizers):
    losses = []
    for k in range(2):
        losses.append(backward_and_update(nets[k], inputs[k], loss_fns[k], optimizers[k]))
    return abs(losses[0] - losses[1]) < 1e-6
