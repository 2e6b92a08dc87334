import torch


def train(net, data, opt):
    for x, y in data:
        opt.zero_grad()
        z = net(x)
        l1 = (z - y).abs().mean()
        l2 = ((z - y) ** 2).mean()
        l1.backward(None, True)
        l2.backward()
        opt.step()
