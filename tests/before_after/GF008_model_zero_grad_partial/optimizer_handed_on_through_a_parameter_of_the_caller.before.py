import torch
from torch import nn


def train(net, batches, opt):
    for x, y in batches:
        loss = nn.functional.mse_loss(net(x), y)
        net.zero_grad()
        loss.backward()
        opt.step()


def run(net, batches, opt):
    train(net, batches, opt)


body = nn.Linear(3, 3)
head = nn.Linear(3, 1)
opt = torch.optim.SGD(list(body.parameters()) + list(head.parameters()), lr=0.1)
run(body, [], opt)
