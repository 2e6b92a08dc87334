# A wrapped network (`net.module.backbone`) frozen with `requires_grad_(False)` and put in
# eval mode during warm-up, then `net.train()` before the batches, in a `while` over epochs:
# the backbone trains in train mode after all. Reported at `net.train()`, without a fix.
import torch
from torch import nn


def fit(epochs=4, warmup=1):
    net = nn.DataParallel(nn.Sequential())
    net.module.backbone = nn.Sequential(nn.Linear(5, 5), nn.BatchNorm1d(5))
    net.module.classifier = nn.Linear(5, 3)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    data = [(torch.randn(8, 5), torch.randint(0, 3, (8,))) for _ in range(3)]
    epoch = 0
    while epoch < epochs:
        if epoch < warmup:
            net.module.backbone.requires_grad_(False)
            net.module.backbone.eval()
        net.train()
        for x, y in data:
            opt.zero_grad()
            logits = net.module.classifier(net.module.backbone(x))
            nn.functional.cross_entropy(logits, y).backward()
            opt.step()
        epoch += 1
