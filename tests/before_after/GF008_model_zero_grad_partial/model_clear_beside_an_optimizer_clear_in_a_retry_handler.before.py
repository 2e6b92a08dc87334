import torch
from torch import nn


def fit(backbone, batches):
    scale = nn.Parameter(torch.ones(1))
    opt = torch.optim.SGD(list(backbone.parameters()) + [scale], lr=0.01, momentum=0.9)
    for x, y in batches:
        try:
            backbone.zero_grad()
            loss = nn.functional.mse_loss(backbone(x) * scale, y)
            loss.backward()
            opt.step()
        except RuntimeError as err:
            if "out of memory" not in str(err):
                raise
            opt.zero_grad()
            continue
