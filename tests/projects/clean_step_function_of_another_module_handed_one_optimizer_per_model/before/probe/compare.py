from probe.steps import single_update


def updates_agree(nets, optimizers, batch, target):
    losses = []
    for n in range(2):
        losses.append(single_update(nets[n], batch, target, optimizers[n]))
    return losses[0] == losses[1]
