import torch
import torch.ao.quantization as tq
from torch import nn


def with_fake_quant(net):
    net.qconfig = tq.get_default_qat_qconfig("fbgemm")
    return tq.prepare_qat(net, inplace=False)


def train(loader, epochs=12, qat_from=8):
    net = nn.Sequential(tq.QuantStub(), nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 4), tq.DeQuantStub())
    optimizer = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)
    for epoch in range(epochs):
        if epoch == qat_from:
            net = with_fake_quant(net)
        for x, y in loader:
            optimizer.zero_grad()
            nn.functional.cross_entropy(net(x), y).backward()
            optimizer.step()
    return net
