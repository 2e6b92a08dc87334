# The `elif` window beside an `if accum is None:` arm, with the loss divided by `accum or 1`
# and the short last window stepped after the loop. Correct: silent.
import torch


def run_epoch(net, batches, opt, crit, accum=None):
    for step, (inputs, targets) in enumerate(batches):
        loss = crit(net(inputs), targets) / (accum or 1)
        loss.backward()
        if accum is None:
            opt.step()
            opt.zero_grad()
        elif (step + 1) % accum == 0:
            opt.step()
            opt.zero_grad()
    if accum is not None and (step + 1) % accum != 0:
        opt.step()
        opt.zero_grad()
