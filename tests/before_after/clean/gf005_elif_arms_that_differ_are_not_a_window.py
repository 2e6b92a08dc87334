# The first arm does something else than the `elif` (it steps a second optimizer too): the
# two arms are not one window with an "off" switch. Silent.
import torch


def run_epoch(net, head, batches, opt, head_opt, crit, accum=None):
    for step, (inputs, targets) in enumerate(batches):
        loss = crit(head(net(inputs)), targets)
        loss.backward()
        if accum is None:
            opt.step()
            head_opt.step()
            opt.zero_grad()
            head_opt.zero_grad()
        elif (step + 1) % accum == 0:
            opt.step()
            opt.zero_grad()
            head_opt.zero_grad()
