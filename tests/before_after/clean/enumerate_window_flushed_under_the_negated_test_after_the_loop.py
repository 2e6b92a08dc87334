# An `enumerate` window flushed after the loop under the negated window test, then the
# window's own test repeated for a log line: the tail is stepped, nothing to report.
import torch


def fit(net, opt, pairs, chunks):
    net.train()
    opt.zero_grad()
    k = -1
    for k, (src, dst) in enumerate(pairs):
        err = torch.nn.functional.l1_loss(net(src), dst) / chunks
        err.backward()
        if (k + 1) % chunks == 0:
            opt.step()
            opt.zero_grad()
    if (k + 1) % chunks != 0:
        opt.step()
        opt.zero_grad()
    if (k + 1) % chunks == 0:
        print("ended on a whole window")
    return net
