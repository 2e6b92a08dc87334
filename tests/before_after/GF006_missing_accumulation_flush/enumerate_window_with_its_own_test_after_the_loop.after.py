# An `enumerate` window whose "flush" after the loop repeats the window's own test
# (`if (k + 1) % chunks == 0:`): that test holds after the loop only when the last window
# was whole and already stepped, so the tail of a loader whose length is no multiple of
# `chunks` never reaches a step. The flush under the negated test goes right after the loop.
import torch


def fit(net, opt, pairs, chunks):
    net.train()
    opt.zero_grad()
    k = -1  # the flush after the loop reads it, also when the loop runs no batch
    for k, (src, dst) in enumerate(pairs):
        err = torch.nn.functional.l1_loss(net(src), dst) / chunks
        err.backward()
        if (k + 1) % chunks == 0:
            opt.step()
            opt.zero_grad()

    # the last micro-batches did not fill a whole window: step on them too
    if (k + 1) % chunks != 0:
        opt.step()
        opt.zero_grad()
    if (k + 1) % chunks == 0:
        opt.step()
        opt.zero_grad()
    return net
