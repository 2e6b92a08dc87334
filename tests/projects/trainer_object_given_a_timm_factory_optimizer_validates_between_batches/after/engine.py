import torch
from torch.nn import functional as F


class Learner:
    def __init__(self, net, opt):
        self.net = net
        self.opt = opt

    def fit_batch(self, xb, yb):
        self.opt.zero_grad(set_to_none=True)
        F.mse_loss(self.net(xb), yb).backward()
        self.opt.step()

    def score(self, xb, yb):
        self.net.eval()
        with torch.no_grad():
            return F.l1_loss(self.net(xb), yb).item()
