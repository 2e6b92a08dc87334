"""The object's class inherits `backward(loss)` from a base class of this file."""

import torch


class Backpropagator:
    def backward(self, loss, retain_graph=False):
        loss.backward(retain_graph=retain_graph)


class MixedPrecisionBackpropagator(Backpropagator):
    def __init__(self, model):
        self.master_params = [p.detach().clone().float() for p in model.parameters()]


model = torch.nn.Linear(8, 1)
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
backprop = MixedPrecisionBackpropagator(model)
GRAD_ACCUM = 8

for i, (x, y) in enumerate(batches):
    out = model(x)
    err = (out - y).abs().mean()
    backprop.backward(err)
    if (i + 1) % GRAD_ACCUM == 0:
        opt.step()
        opt.zero_grad()
