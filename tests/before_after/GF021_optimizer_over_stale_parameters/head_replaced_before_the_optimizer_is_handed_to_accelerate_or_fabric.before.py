import torch
import torch.nn as nn
from accelerate import Accelerator
from lightning_fabric import Fabric


def with_accelerate(net, loader):
    accelerator = Accelerator()
    opt = torch.optim.AdamW(net.parameters(), lr=1e-3)
    net.classifier = nn.Linear(net.classifier.in_features, 5)
    net, opt = accelerator.prepare(net, opt)
    for x, y in loader:
        opt.zero_grad()
        accelerator.backward(nn.functional.cross_entropy(net(x), y))
        opt.step()


def with_fabric(net, loader):
    fabric = Fabric(accelerator="cpu")
    opt = torch.optim.SGD(net.parameters(), lr=0.01)
    net.fc = nn.Linear(64, 5)
    opt = fabric.setup_optimizers(opt)
    net = fabric.setup_module(net)
    for x, y in loader:
        opt.zero_grad()
        fabric.backward(nn.functional.cross_entropy(net(x), y))
        opt.step()
