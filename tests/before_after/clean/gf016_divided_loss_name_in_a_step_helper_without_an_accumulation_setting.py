# The step helper binds the loss divided by the count to a name before the backward, and the
# Accelerator has no accumulation setting (it divides by 1): the helper's division is the
# only one.
import torch
import torch.nn.functional as F
from accelerate import Accelerator

ACCUMULATION = 4
accelerator = Accelerator()


def training_step(model, x, y):
    loss = F.mse_loss(model(x), y)
    loss = loss / ACCUMULATION
    accelerator.backward(loss)


def fit(batches):
    model = torch.nn.Linear(4, 2)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    model, opt = accelerator.prepare(model, opt)
    for step, (x, y) in enumerate(batches):
        training_step(model, x, y)
        if (step + 1) % ACCUMULATION == 0:
            opt.step()
            opt.zero_grad()
    if len(batches) % ACCUMULATION:
        opt.step()  # the last, shorter window
        opt.zero_grad()
