import torch
from torch import nn

from norms import *


def one_pass(opts, net, loader, opt, phase="fit"):
    if phase == "fit":
        net.train()
    elif phase == "score":
        net.eval()
    else:
        raise ValueError(phase)
    if opts.keep_norm_stats:
        toggle_norm_layers(net, train=False)
    with torch.set_grad_enabled(phase == "fit"):
        for feats, labels in loader:
            loss = nn.functional.cross_entropy(net(feats), labels)
            if phase == "fit":
                opt.zero_grad()
                loss.backward()
                opt.step()


def main(opts, fit_loader, score_loader):
    net = nn.Sequential(nn.Linear(6, 16), nn.BatchNorm1d(16), nn.Dropout(0.2), nn.Linear(16, 3))
    opt = torch.optim.SGD(net.parameters(), lr=0.05)
    for epoch in range(opts.epochs):
        one_pass(opts, net, fit_loader, opt, phase="fit")
        if epoch % 2 == 0:
            one_pass(opts, net, score_loader, opt, phase="score")
        print("epoch", epoch)
