import torch
from torch import nn


def run_epoch(net, batches, criterion, opt):
    net.train()
    for x, y in batches:
        loss = criterion(net(x), y)
        net.zero_grad()
        loss.backward()
        opt.step()


def finetune(net, head, batches, lr=0.01, epochs=3):
    criterion = nn.CrossEntropyLoss()
    opt = torch.optim.SGD(list(net.parameters()) + list(head.parameters()), lr=lr)
    for epoch in range(epochs):
        run_epoch(net, batches, criterion, opt)


base = nn.Linear(4, 2)
opt = torch.optim.SGD(base.parameters(), lr=0.1)
