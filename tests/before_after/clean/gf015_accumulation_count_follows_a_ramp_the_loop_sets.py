import torch


def ramp(step, every=64):
    return max(1, (step + 1) // every)


def pretrain(net, batches, lr=1e-3):
    opt = torch.optim.AdamW(net.parameters(), lr=lr)
    micro = 1
    opt.zero_grad()
    for step, tokens in enumerate(batches):
        loss = net(tokens).mean() / micro
        loss.backward()
        if step % micro == 0:
            opt.step()
            opt.zero_grad()
        # the batch grows as training goes on: one micro-batch per window first, then more
        micro = ramp(step)
    # the micro-batches of a last, partial window
    opt.step()
    opt.zero_grad()
