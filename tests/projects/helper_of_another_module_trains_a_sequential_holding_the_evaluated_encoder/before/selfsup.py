# `adapt(backbone, ...)` of finetune.py trains `nn.Sequential(backbone, head)`: the backbone
# it holds was left in eval mode by the evaluation above, so it trains with dropout off and
# its batch norm frozen.
import torch
from torch import nn

from finetune import adapt


def run(backbone, batches, rounds, device="cpu"):
    opt = torch.optim.SGD(backbone.parameters(), lr=0.05, momentum=0.9)
    r = 0
    while r < rounds:
        backbone.train()
        for x, _ in batches:
            opt.zero_grad()
            h = backbone(x)
            h.var(0).sub(1).abs().mean().backward()
            opt.step()
        backbone.eval()
        with torch.no_grad():
            spread = torch.stack([backbone(x).std() for x, _ in batches]).mean()
        acc = adapt(backbone, batches, n_classes=4, device=device)
        print(r, float(spread), acc)
        r += 1
