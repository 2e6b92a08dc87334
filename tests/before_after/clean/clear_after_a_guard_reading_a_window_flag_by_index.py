import torch


def train(net, batches, accum=4):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    window_end = [(j + 1) % accum == 0 or j + 1 == len(batches) for j in range(len(batches))]
    i = 0
    while i < len(batches):
        x, y = batches[i]
        last = window_end[i]
        i += 1
        if not last:
            continue  # one micro-batch per window: the clear before it keeps nothing stale
        opt.zero_grad()
        (torch.nn.functional.mse_loss(net(x), y) / accum).backward()
        if i % accum == 0:
            opt.step()
    if i % accum:
        opt.step()
