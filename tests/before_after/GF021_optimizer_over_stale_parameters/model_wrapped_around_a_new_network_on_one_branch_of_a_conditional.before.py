import torch
from torch import nn
from torch.nn.parallel import DistributedDataParallel


class Classifier(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.body = nn.Sequential(nn.Linear(32, 64), nn.ReLU(), nn.Linear(64, 10))

    def forward(self, x):
        return self.body(x)


def fit(net: nn.Module, loader, restart: bool) -> None:
    opt = torch.optim.SGD(net.parameters(), lr=0.05)
    # a restart wraps a brand-new network the optimizer has never seen
    net = DistributedDataParallel(Classifier().cuda() if restart else net.cuda(), device_ids=[0])
    for images, labels in loader:
        opt.zero_grad()
        nn.functional.cross_entropy(net(images.cuda()), labels.cuda()).backward()
        opt.step()
