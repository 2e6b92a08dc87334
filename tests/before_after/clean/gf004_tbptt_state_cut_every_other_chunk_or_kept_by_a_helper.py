import torch
from torch import nn

gru = nn.GRU(4, 8)
head = nn.Linear(8, 4)
opt = torch.optim.SGD([*gru.parameters(), *head.parameters()], lr=0.1)
series = torch.randn(60, 2, 4)


def keep_or_cut(h, cut):
    if cut:
        return h.detach()
    return h


def cut_every_other_chunk(bptt=5):
    h = torch.zeros(1, 2, 8)
    for k, start in enumerate(range(0, series.size(0) - 1, bptt)):
        if k % 2 == 0:
            h = h.detach()  # the graph spans two chunks: the next backward walks this one again
        out, h = gru(series[start:start + bptt], h)
        loss = nn.functional.mse_loss(head(out), series[start + 1:start + 1 + bptt])
        opt.zero_grad()
        loss.backward(retain_graph=True)
        opt.step()


def cut_by_a_helper_that_may_keep_it(flags, bptt=5):
    h = torch.zeros(1, 2, 8)
    for flag, start in zip(flags, range(0, series.size(0) - 1, bptt)):
        h = keep_or_cut(h, flag)
        out, h = gru(series[start:start + bptt], h)
        loss = nn.functional.mse_loss(head(out), series[start + 1:start + 1 + bptt])
        opt.zero_grad()
        loss.backward(retain_graph=True)
        opt.step()
