# Correct: `calibrate` runs once; each member of the ensemble is given its own optimizer by the
# enumeration's counter and takes a single step.
import torch


def nudge(member, opt, x, y):
    loss = torch.nn.functional.mse_loss(member(x), y)
    loss.backward()
    opt.step()


def calibrate(members, opts, x, y):
    for j, member in enumerate(members):
        nudge(member, opts[j], x, y)
