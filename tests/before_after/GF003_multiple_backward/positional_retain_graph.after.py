import torch


def train(net, data, opt):
    for x, y in data:
        opt.zero_grad()
        z = net(x)
        l1 = (z - y).abs().mean()
        l2 = ((z - y) ** 2).mean()
        total_loss = l1 + l2
        total_loss.backward()
        opt.step()
