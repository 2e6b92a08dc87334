"""Correct: the classifier is reset (or replaced) before the optimizer is built, the optimizer is
built again after the change before a library wraps it, or the head is dropped for features."""
import timm
import torch
import torch.nn as nn
from accelerate import Accelerator
from lightning_fabric import Fabric
from timm.optim import create_optimizer_v2


def reset_first(loader):
    net = timm.create_model("resnet10t", pretrained=True)
    net.reset_classifier(4)
    opt = create_optimizer_v2(net, opt="sgd", lr=0.05, momentum=0.9)
    for x, y in loader:
        opt.zero_grad()
        nn.functional.cross_entropy(net(x), y).backward()
        opt.step()


def features_only(loader, probe):
    trunk = timm.create_model("resnet10t")
    opt = torch.optim.Adam(list(trunk.parameters()) + list(probe.parameters()), lr=1e-3)
    trunk.reset_classifier(0)
    for x, y in loader:
        opt.zero_grad()
        nn.functional.cross_entropy(probe(trunk(x)), y).backward()
        opt.step()


def rebuilt_for_accelerate(net, loader):
    accelerator = Accelerator()
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    net.head = nn.Linear(32, 3)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    net, opt = accelerator.prepare(net, opt)
    for x, y in loader:
        opt.zero_grad()
        accelerator.backward(nn.functional.mse_loss(net(x), y))
        opt.step()


def built_in_the_setup_call(net, loader):
    fabric = Fabric(accelerator="cpu")
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    net.head = nn.Linear(32, 3)
    net, opt = fabric.setup(net, torch.optim.SGD(net.parameters(), lr=0.1))
    for x, y in loader:
        opt.zero_grad()
        fabric.backward(nn.functional.mse_loss(net(x), y))
        opt.step()
