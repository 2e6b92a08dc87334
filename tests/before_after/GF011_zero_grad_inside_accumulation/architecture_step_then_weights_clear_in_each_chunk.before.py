import torch
from torch import nn


class Searcher:
    def __init__(self, net, arch_params):
        self.net = net
        self.arch_opt = torch.optim.Adam(arch_params, lr=3e-4)

    def arch_update(self, x_val, y_val):
        self.arch_opt.zero_grad()
        nn.functional.cross_entropy(self.net(x_val), y_val).backward()
        self.arch_opt.step()


def search(train_pairs, val_pairs, net, searcher, w_opt, micro):
    for (x, y), (xv, yv) in zip(train_pairs, val_pairs):
        begin = 0
        while begin < x.size(0):
            end = begin + micro
            searcher.arch_update(xv[begin:end], yv[begin:end])
            w_opt.zero_grad()
            loss = nn.functional.cross_entropy(net(x[begin:end]), y[begin:end])
            (loss * micro / x.size(0)).backward()
            begin = end
        nn.utils.clip_grad_norm_(net.parameters(), 5.0)
        w_opt.step()
