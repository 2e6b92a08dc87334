import torch


def run_epoch(net, batches, opt, loss_fn, device, accum=4):
    net.train()
    for k, (xb, yb) in enumerate(batches):
        xb = xb.to(device)
        # yb = yb.to(device)

        out = net(xb)
        loss = loss_fn(out, yb) / accum
        loss.backward()
        if (k + 1) % accum == 0:
            opt.step()
            opt.zero_grad()
    if (k + 1) % accum != 0:
        opt.step()
        opt.zero_grad()
