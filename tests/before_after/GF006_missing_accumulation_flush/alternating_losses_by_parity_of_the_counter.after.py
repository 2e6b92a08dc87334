"""Even and odd micro-batches train on two different losses (`if it % 2 == 0:` ... `else:`),
each arm with its backward: every tick still backpropagates once, so the counter counts
micro-batches (a backward gated by a modulo of the counter would not), and the tail after the
last full window is flushed."""
import torch
import torch.nn.functional as F


def train(model, loader, accum=4, lr=0.05):
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    it = -1  # the flush after the loop reads it, also when the loop runs no batch
    for it, (x, y) in enumerate(loader):
        out = model(x)
        if it % 2 == 0:
            recon = F.mse_loss(out, y)
            recon.backward()
        else:
            smooth = F.l1_loss(out, y)
            smooth.backward()
        if (it + 1) % accum == 0:
            opt.step()
            opt.zero_grad()

    # the last micro-batches did not fill a whole window: step on them too
    if (it + 1) % accum != 0:
        opt.step()
        opt.zero_grad()
    return model
