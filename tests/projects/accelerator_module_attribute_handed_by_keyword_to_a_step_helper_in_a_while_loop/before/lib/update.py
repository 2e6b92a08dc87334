import torch


def run_batch(model, opt, x, y, ac=None):
    opt.zero_grad()
    out = model(x)
    ac.backward(torch.nn.functional.cross_entropy(out, y))
    opt.zero_grad(set_to_none=True)
    opt.step()
