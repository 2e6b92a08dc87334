import torch

WINDOW = 8


def train(net, opt, stream, max_batches):
    micro = -1
    seen = 0
    while seen < max_batches:
        x, y = next(stream)
        (torch.nn.functional.l1_loss(net(x), y) / WINDOW).backward()
        if micro % WINDOW == 0:
            opt.step()
            opt.zero_grad(set_to_none=True)
        micro += 1
        seen += 1
