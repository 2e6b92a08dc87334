import torch


def epoch(net, opt, loader, accum=4):
    micro = 0
    for batch in loader:
        try:
            micro += 1
            loss = net(batch).mean() / accum
            loss.backward()
            if micro % accum == 0:
                opt.step()
                opt.zero_grad()
        except RuntimeError:
            micro -= 1  # the batch did not count
            continue
    if micro % accum != 0:
        opt.step()
        opt.zero_grad()
